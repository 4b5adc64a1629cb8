'use client';

import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * Tabs (WAI-ARIA tabs pattern from Radix: arrow keys move between tabs, Home/End, the
 * panel labelled by its tab). `children` is the current tab's panel.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  labels,
  current,
  onChange,
  className,
  panelClassName,
  children,
}: {
  label: string;
  tabs: readonly T[];
  labels?: Record<T, string>;
  current: T;
  onChange: (tab: T) => void;
  className?: string;
  panelClassName?: string;
  children?: ReactNode;
}) {
  return (
    <RadixTabs.Root value={current} onValueChange={(value) => onChange(value as T)} className={className}>
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab} value={tab} className="tab">
            {labels?.[tab] ?? tab}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        // Every tab has its panel (so each tab's aria-controls names an element); only the current one is shown.
        <RadixTabs.Content key={tab} value={tab} forceMount hidden={tab !== current} className={panelClassName}>
          {tab === current ? children : null}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
