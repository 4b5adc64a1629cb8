'use client';

import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/**
 * A modal dialog (Radix): focus moves in and is trapped, Escape and a click outside close
 * it, focus returns to what opened it. The title is its accessible name.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  className = 'w-[min(40rem,calc(100vw-1rem))]',
  trigger,
  children,
}: {
  /** The button that opens it (focus returns there on close); none when something else opens it. */
  trigger?: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** One sentence under the title (its accessible description); none when omitted. */
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog ${className}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start gap-2">
            <RadixDialog.Title className="text-sm font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close className="button ml-auto">Close</RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="muted text-xs">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
