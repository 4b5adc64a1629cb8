'use client';

import { Popover as RadixPopover } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A button that opens a panel beside it (Radix popover, a non-modal dialog): Escape and a
 * click outside close it and focus returns to the button.
 */
export function Popover({
  label,
  trigger,
  triggerClassName = 'button',
  open,
  onOpenChange,
  onTriggerClick,
  align = 'start',
  className = 'w-[min(26rem,calc(100vw-1rem))]',
  children,
}: {
  /** The panel's accessible name (a dialog named so). */
  label: string;
  /** The button's content; its text is the button's name. */
  trigger: ReactNode;
  triggerClassName?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Runs before the panel opens (e.g. to make what it shows). */
  onTriggerClick?: () => void;
  align?: 'start' | 'center' | 'end';
  className?: string;
  children: ReactNode;
}) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger type="button" className={triggerClassName} onClick={onTriggerClick}>
        {trigger}
      </RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          align={align}
          sideOffset={4}
          collisionPadding={8}
          className={`popover ${className}`}
          // Its content may scroll on a short screen: keyboard users must be able to scroll it.
          tabIndex={0}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
