'use client';

import type { ReactNode } from 'react';
import { Group, type Layout, useDefaultLayout } from 'react-resizable-panels';
import { layoutStorage } from './layout-storage';

/**
 * A group of resizable panes whose sizes are remembered in this browser (react-resizable-
 * panels); `fallback` is the layout to start with when nothing was saved.
 */
export function SavedGroup({
  id,
  panelIds,
  orientation = 'horizontal',
  className,
  fallback,
  children,
}: {
  id: string;
  panelIds: string[];
  orientation?: 'horizontal' | 'vertical';
  className?: string;
  fallback?: Layout;
  children: ReactNode;
}) {
  const saved = useDefaultLayout({ id, panelIds, storage: layoutStorage });
  return (
    <Group
      id={id}
      orientation={orientation}
      className={className}
      defaultLayout={saved.defaultLayout ?? fallback}
      onLayoutChanged={saved.onLayoutChanged}
    >
      {children}
    </Group>
  );
}
