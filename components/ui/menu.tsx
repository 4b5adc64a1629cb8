'use client';

import { DropdownMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

/**
 * A menu button (WAI-ARIA menu pattern from Radix): arrow keys, typeahead, Escape and a
 * click outside close it and focus returns to the button. Non-modal, so a dialog can open
 * from one of its items.
 */
export function Menu({
  label,
  trigger,
  triggerClassName = 'button',
  disabled,
  title,
  align = 'start',
  children,
}: {
  /** The button's accessible name. */
  label: string;
  /** What the button shows (its text, or an icon and text); the label when omitted. */
  trigger?: ReactNode;
  triggerClassName?: string;
  disabled?: boolean;
  title?: string;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        type="button"
        className={triggerClassName}
        aria-label={trigger ? label : undefined}
        disabled={disabled}
        title={title}
      >
        {trigger ?? label}
        <span aria-hidden className="ml-1 text-xs opacity-70">
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content aria-label={label} align={align} sideOffset={4} collisionPadding={8} className="menu">
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={`menu-item ${className ?? ''}`} {...props} />;
}

/** Items under a small heading; the heading names the group for assistive technology. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DropdownMenu.Group aria-label={label}>
      <DropdownMenu.Label className="menu-label">{label}</DropdownMenu.Label>
      {children}
    </DropdownMenu.Group>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu-separator" />;
}
