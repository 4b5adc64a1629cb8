'use client';

import { useState } from 'react';
import { runTitle } from '@/lib/messages/run-title';
import { embedCode } from '@/lib/share/embed-code';
import { useRuntime } from '../runtime/runtime-context';

/**
 * `Embed code` for a link (a fragment link or a short link): the `<iframe>` snippet of the
 * read-only player, copied and shown in `Embed snippet`.
 */
export function EmbedCodeSection({ url }: { url: string }) {
  const { store } = useRuntime();
  const [embed, setEmbed] = useState<string>();
  return (
    <>
      <button
        type="button"
        className="button self-start"
        aria-expanded={embed !== undefined}
        onClick={() => {
          const code = embedCode(url, runTitle(store.getState().messages));
          setEmbed(code);
          void navigator.clipboard?.writeText(code).catch(() => undefined);
        }}
      >
        Embed code
      </button>
      {embed ? (
        <>
          <textarea
            aria-label="Embed snippet"
            readOnly
            rows={4}
            className="control font-mono text-xs"
            value={embed}
            onFocus={(event) => event.target.select()}
          />
          <p className="muted text-xs">
            Paste it into a course page or a blog post: the run plays there read-only (graph, sequence and
            conversation), with nothing to run, no key and nothing stored, and a button to open it here.
          </p>
        </>
      ) : null}
    </>
  );
}
