'use client';

import { type ReactNode, useEffect, useRef } from 'react';
import { Group, type GroupImperativeHandle, type Layout, useDefaultLayout } from 'react-resizable-panels';

export type { Layout };
import { useLayoutStorage } from './layout-storage';

/**
 * A group of resizable panes whose sizes are remembered in this browser (react-resizable-
 * panels, in a cookie the server reads, so the panes are drawn at their sizes with the HTML).
 * With nothing remembered, `fallback` may pick sizes once the page knows its screen (it is
 * asked after the first paint; the server cannot know how wide the window is).
 */
export function SavedGroup({
  id,
  defaults,
  orientation = 'horizontal',
  className,
  fallback,
  children,
}: {
  id: string;
  /** Each pane's size (percent) until the person resizes them, in the panes' order; the server draws these. */
  defaults: Layout;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
  fallback?: () => Layout | undefined;
  children: ReactNode;
}) {
  const saved = useDefaultLayout({ id, panelIds: Object.keys(defaults), storage: useLayoutStorage() });
  const group = useRef<GroupImperativeHandle | null>(null);
  const remembered = saved.defaultLayout !== undefined;
  const pickFallback = useRef(fallback);
  useEffect(() => {
    if (remembered) return;
    const layout = pickFallback.current?.();
    if (layout) group.current?.setLayout(layout);
  }, [remembered]);
  return (
    <Group
      id={id}
      orientation={orientation}
      className={className}
      groupRef={group}
      defaultLayout={saved.defaultLayout ?? defaults}
      onLayoutChanged={saved.onLayoutChanged}
    >
      {children}
    </Group>
  );
}
