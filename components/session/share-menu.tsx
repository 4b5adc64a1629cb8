'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { makeShareLink, type ShareLink } from '@/lib/share/share-link';
import { asViewed } from '@/lib/share/as-viewed';
import { useRuntime } from '../runtime/runtime-context';
import { Popover } from '../ui/popover';
import { EmbedCodeSection } from './embed-code-section';
import { ShortLinkSection, useShortLinksEnabled } from './short-link-section';

/** The list of this browser's short links loads when it is opened. */
const MyShortLinksDialog = dynamic(
  () => import('./my-short-links-dialog').then((module) => module.MyShortLinksDialog),
  {
    ssr: false,
  },
);

/** Share: a link with the whole session in its fragment, shown, sized, copied; never keys; its embed code. */
export function ShareMenu() {
  const { store } = useRuntime();
  const [link, setLink] = useState<ShareLink | undefined>();
  const [copied, setCopied] = useState(false);
  const [myLinksOpen, setMyLinksOpen] = useState(false);
  const shortLinks = useShortLinksEnabled();

  const share = async () => {
    const state = store.getState();
    const made = makeShareLink(asViewed(state, state.selectedNodeId), window.location.href);
    setLink(made);
    setCopied(false);
    if (made.ok) {
      try {
        await navigator.clipboard.writeText(made.url);
        setCopied(true);
      } catch {
        // Copying needs permission; the link is in the box to copy by hand.
      }
    }
  };

  return (
    <>
      <Popover
        label="Share link"
        trigger="Share"
        open={link !== undefined}
        onOpenChange={(open) => {
          if (!open) setLink(undefined);
        }}
        onTriggerClick={() => void share()}
      >
        {link?.ok ? (
          <>
            <input
              aria-label="Share link"
              readOnly
              className="control font-mono"
              value={link.url}
              onFocus={(event) => event.target.select()}
            />
            <p>
              {copied ? 'Copied. ' : ''}
              {(link.chars / 1024).toFixed(1)} KB link. It holds the tools, settings, messages with their tool calls and
              results, and the sandbox files — never API keys. The session travels in the part after “#”, which browsers
              do not send to any server. Whoever opens it sees it read-only; nothing in it runs until they choose to.
            </p>
            <EmbedCodeSection key={link.url} url={link.url} />
          </>
        ) : link ? (
          <p role="alert" className="text-role-error">
            {link.message}{' '}
            {shortLinks.data
              ? 'Create a short link below instead: it holds a session of any size.'
              : 'Export it as a file instead.'}
          </p>
        ) : null}
        {link ? (
          <ShortLinkSection
            onShowMyLinks={() => {
              // The list is a dialog of its own: the popover closes for it.
              setLink(undefined);
              setMyLinksOpen(true);
            }}
          />
        ) : null}
        <button type="button" className="button self-end" onClick={() => setLink(undefined)}>
          Close
        </button>
      </Popover>
      {myLinksOpen ? <MyShortLinksDialog open onOpenChange={setMyLinksOpen} /> : null}
    </>
  );
}
