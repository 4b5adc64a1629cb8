'use client';

import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement } from 'react';

/**
 * A short hint shown on hover and on keyboard focus (Radix tooltip; Escape hides it). For
 * icon buttons, whose accessible name is their aria-label: the hint repeats it for the eye.
 * Each tooltip has its own provider: one at the page's root put Radix's tooltip, popper and
 * floating-ui on the first screen, which has no tooltip.
 */
export function Tooltip({ text, children }: { text: string; children: ReactElement }) {
  return (
    <RadixTooltip.Provider delayDuration={400}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content sideOffset={4} collisionPadding={8} className="tooltip">
            {text}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
