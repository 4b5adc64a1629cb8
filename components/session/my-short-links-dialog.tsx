'use client';

import { useEffect, useState } from 'react';
import { describeExpiry, hasExpired, type MyShortLink } from '@/lib/share/my-short-links';
import { Dialog } from '../ui/dialog';
import { deleteShortLink } from './delete-short-link';
import { loadMyShortLinks } from './my-short-links-storage';

/**
 * "My short links": every short link this browser made — what it is known by, when it
 * expires, `Copy` and `Delete short link` — read from this browser's storage each time it opens.
 */
export function MyShortLinksDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [links, setLinks] = useState<MyShortLink[]>([]);
  const [problem, setProblem] = useState<string>();
  const nowMs = Date.now();
  // Read from this browser's storage each time the list opens (another tab may have made one).
  useEffect(() => {
    if (!open) return;
    setLinks(loadMyShortLinks());
    setProblem(undefined);
  }, [open]);
  const remove = async (link: MyShortLink) => {
    if (await deleteShortLink(link)) setLinks(loadMyShortLinks());
    else setProblem(`“${link.title || link.id}” was not deleted: the server could not be reached or refused.`);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="My short links"
      description="The short links made in this browser. Only this browser can delete them: it keeps their delete tokens."
    >
      {links.length === 0 ? (
        <p className="muted text-sm">No short link made in this browser yet.</p>
      ) : (
        <ul aria-label="My short links" className="flex flex-col gap-2 text-sm">
          {links.map((link) => (
            <li
              key={link.id}
              aria-label={link.title || link.id}
              className="flex flex-col gap-1 border-b border-[var(--border)] pb-2"
            >
              <span className="font-medium">{link.title || '(untitled run)'}</span>
              <span className={`text-xs ${hasExpired(link, nowMs) ? 'text-role-error' : 'muted'}`}>
                {describeExpiry(link, nowMs)}
                {link.createdAtMs ? ` · made ${new Date(link.createdAtMs).toLocaleString('en-GB')}` : ''}
              </span>
              {link.url ? (
                <input
                  aria-label={`Short link ${link.title || link.id}`}
                  readOnly
                  className="control font-mono text-xs"
                  value={link.url}
                  onFocus={(event) => event.target.select()}
                />
              ) : (
                <span className="muted text-xs">
                  Made before this list kept addresses: only its deletion is possible here.
                </span>
              )}
              <div className="flex flex-wrap gap-1">
                {link.url ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => void navigator.clipboard?.writeText(link.url ?? '')}
                  >
                    Copy
                  </button>
                ) : null}
                <button type="button" className="button" onClick={() => void remove(link)}>
                  Delete short link
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <p role="alert" className="text-xs text-role-error">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
