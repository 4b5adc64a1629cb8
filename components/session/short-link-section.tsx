'use client';

import { asViewed } from '@/lib/share/as-viewed';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { runTitle } from '@/lib/messages/run-title';
import { useRuntime } from '../runtime/runtime-context';
import { useIdle } from '../ui/use-idle';
import { deleteShortLink } from './delete-short-link';
import { EmbedCodeSection } from './embed-code-section';

const EXPIRIES = { '1d': '1 day', '30d': '30 days', never: 'never' } as const;
type Expiry = keyof typeof EXPIRIES;
/** Whether this server keeps short links (`GET /api/links`), asked once per page. */
export function useShortLinksEnabled() {
  const { idle } = useIdle();
  return useQuery({
    // Asked once the page is idle, not by the first screen's Share button.
    enabled: idle,
    queryKey: ['short-links-enabled'],
    // The contract (zod) loads once the page asks, off the first screen's path.
    queryFn: async () =>
      (await (await import('@/lib/share/links-route')).shortLinksStatusOnServer(fetch)) !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

type Made = { id: string; url: string; deleteToken: string; deleted?: boolean };

/**
 * `Create short link`: the session sealed in this browser (gzip, AES-GCM, a fresh key), only
 * the ciphertext uploaded; the link `/s/<id>#k=<key>` keeps the key in its fragment. Shown
 * only when this server keeps short links (`GET /api/links`).
 */
export function ShortLinkSection({ onShowMyLinks }: { onShowMyLinks: () => void }) {
  const { store } = useRuntime();
  const enabled = useShortLinksEnabled();
  const [expires, setExpires] = useState<Expiry>('30d');
  const [made, setMade] = useState<Made>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!enabled.data) return null;

  const create = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { createShortLink } = await import('@/lib/share/create-short-link');
      const state = store.getState();
      const made = await createShortLink({
        session: asViewed(state, state.selectedNodeId),
        expires,
        fetch,
        origin: window.location.origin,
      });
      if (!made.ok) return setProblem(made.message);
      const { rememberMyShortLink } = await import('./my-short-links-storage');
      rememberMyShortLink({
        ...made.link,
        title: runTitle(store.getState().messages, 200),
        createdAtMs: Date.now(),
      });
      setMade(made.link);
    } catch (error) {
      setProblem(`The short link was not made: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!made) return;
    if (await deleteShortLink(made)) setMade({ ...made, deleted: true });
    else setProblem('The short link was not deleted: the server could not be reached or refused.');
  };

  return (
    <div className="flex flex-col gap-1 border-t border-[var(--border)] pt-2">
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" className="button" disabled={busy} onClick={() => void create()}>
          {busy ? 'Encrypting…' : 'Create short link'}
        </button>
        <label className="flex items-center gap-1 text-xs">
          expires after
          <select
            className="control"
            aria-label="Short link expires"
            value={expires}
            onChange={(event) => setExpires(event.target.value as Expiry)}
          >
            {Object.entries(EXPIRIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={onShowMyLinks}>
          My short links
        </button>
      </div>
      {made && !made.deleted ? (
        <>
          <input
            aria-label="Short link"
            readOnly
            className="control font-mono"
            value={made.url}
            onFocus={(event) => event.target.select()}
          />
          <div className="flex flex-wrap gap-1">
            <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(made.url)}>
              Copy
            </button>
            <button type="button" className="button" onClick={() => void remove()}>
              Delete short link
            </button>
          </div>
          <EmbedCodeSection key={made.url} url={made.url} />
          <p className="muted text-xs">
            Encrypted in this browser: the server keeps only ciphertext and cannot read the session. The key is the part
            after “#k=”, which browsers never send to a server. Deleting needs this browser (it keeps the delete token).
          </p>
        </>
      ) : made?.deleted ? (
        <p role="status" className="text-xs">
          Deleted: the short link opens nothing now.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-xs text-role-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
