'use client';

import { useEffect, useState } from 'react';
import { Dialog } from '../ui/dialog';
import { isTyping } from './is-typing';

/** Every keyboard shortcut the playground has, as the help dialog lists them. */
export const SHORTCUTS: readonly [keys: string, what: string][] = [
  ['Ctrl/⌘ + Enter', 'Send the message (in the message box)'],
  ['Esc', 'Stop a run (in the message box); close a menu, dialog or popover'],
  ['↑ ↓ ← →', 'Move between graph nodes (select one first)'],
  ['Tab / Shift + Tab', 'Move between controls; menus and tabs then take the arrow keys'],
  ['Enter / Space', 'Open a menu or choose its item'],
  ['P', 'Presenter mode on or off (outside a text box); Esc leaves it'],
  ['?', 'Show this list (outside a text box)'],
];

/** "Keyboard shortcuts": a header button and the `?` key open the list. */
export function ShortcutsDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Keyboard shortcuts"
      trigger={
        <button
          type="button"
          className="button shrink-0 px-2"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
        >
          ?
        </button>
      }
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys} className="border-t border-[var(--border)]">
              <th scope="row" className="whitespace-nowrap py-1 pr-4 text-left font-mono text-xs font-semibold">
                {keys}
              </th>
              <td className="py-1">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
