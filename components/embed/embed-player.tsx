'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { createStore } from 'zustand';
import { readLinkInWorker } from '../runtime/read-link-in-worker';
import { createToolChecks } from '@/lib/tools/create-tool-checks';
import { createSessionStore } from '@/lib/session/session-store';
import type { SessionStore } from '@/lib/session/session-state';
import { ViewRuntimeContext, type ViewRuntime } from '../runtime/runtime-context';
import type { EngineState } from '../runtime/create-engine-loader';
import { KEY_PREFIX } from '@/lib/shapes/short-link-address';

/**
 * What the player gives the panes it shows: the shared session's store and the graph's deriver.
 * No engine (no checker, no chat), no sandbox, no keys, no persistence, no MCP: nothing here can
 * run a tool, call a route or write to storage.
 */
function createPlayerRuntime(store: SessionStore): ViewRuntime {
  return {
    store,
    engine: createStore<EngineState>(() => ({})),
    // The player never checks tools (it never runs them): they stay as the link has them.
    toolChecks: createToolChecks({ onElsewhereFailed: () => undefined }),
    timeline: {},
  };
}

/** The player's panes (the graph's React Flow among them) load once the link has been read. */
const Player = dynamic(() => import('./player-view').then((module) => module.Player), {
  ssr: false,
  loading: () => <p className="muted p-3 text-sm">Loading the player…</p>,
});

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; runtime: ViewRuntime };

/**
 * `/embed#share=…`: a share link played read-only inside any page's frame. The link is read
 * as strictly as the playground reads it; the session lives in this page's memory only.
 */
export function EmbedPlayer({
  sealed,
  problem,
}: {
  /** A short link's ciphertext (base64url), put in the page by the server; its key is in the fragment. */
  sealed?: string;
  /** Why the server has no such short link. */
  problem?: string;
} = {}) {
  const [loaded, setLoaded] = useState<Loaded>(() =>
    problem ? { kind: 'failed', message: problem } : { kind: 'loading' },
  );
  useEffect(() => {
    if (problem) return;
    let current = true;
    const readLink = readLinkInWorker();
    const readSealed = async (ciphertext: string) => {
      const { fromBase64url } = await import('@/lib/share/short-link');
      const bytes = fromBase64url(ciphertext);
      const hash = window.location.hash;
      const key = hash.startsWith(KEY_PREFIX) ? hash.slice(KEY_PREFIX.length) : '';
      return bytes
        ? readLink({ kind: 'sealed', ciphertext: bytes, key })
        : { ok: false as const, message: 'This short link cannot be opened: what the server holds is damaged.' };
    };
    const load = async () => {
      const read =
        sealed === undefined
          ? await readLink({ kind: 'fragment', fragment: window.location.hash })
          : await readSealed(sealed);
      if (!current) return;
      if (!read.ok) return setLoaded({ kind: 'failed', message: read.message });
      const store = createSessionStore();
      store.getState().loadSession(read.session, { trusted: false, readOnly: true });
      setLoaded({ kind: 'ready', runtime: createPlayerRuntime(store) });
    };
    void load();
    window.addEventListener('hashchange', load);
    return () => {
      current = false;
      window.removeEventListener('hashchange', load);
    };
  }, [sealed, problem]);
  if (loaded.kind === 'loading') return <p className="muted p-3 text-sm">Loading the shared run…</p>;
  if (loaded.kind === 'failed')
    return (
      <p role="alert" className="p-3 text-sm text-role-error">
        {loaded.message}
      </p>
    );
  return (
    <ViewRuntimeContext.Provider value={loaded.runtime}>
      <Player />
    </ViewRuntimeContext.Provider>
  );
}
