import type { StoreApi } from 'zustand/vanilla';
import { createRunGate, type RunGate } from '@/lib/agent/run-gate';
import { createMcpClient, type McpClient } from '@/lib/mcp/create-mcp-client';
import { createSessionController, type SessionController } from '@/lib/opening/create-session-controller';
import { unconfirmedAddressMessage } from '@/lib/providers/key-address';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { createSandboxManager, type SandboxManager } from '@/lib/sandbox/create-sandbox-manager';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import { openBrowserStorage } from '@/lib/session/open-browser-storage';
import type { SessionStore } from '@/lib/session/session-state';
import { newId } from '@/lib/shapes/new-id';
import type { ProviderId } from '@/lib/shapes/run-settings-defaults';
import type { TimelineDeriver } from '@/lib/timeline/create-timeline-deriver';
import { createTokenCounter, type TokenCounter } from '@/lib/tools/create-token-counter';
import { createPageAttachment } from './attach-page';
import type { BrowserLocalModel } from './create-browser-local-model';
import type { BrowserModelStore } from './create-browser-model-store';
import {
  type BrowserSessionStore,
  createBrowserSessionStore,
  CURRENT_SESSION_KEY,
  type TabSync,
} from './create-browser-session-store';
import type { CheckedSource } from '@/lib/tools/create-tool-checks';
import { type ChatHandle, createEngineLoader, type EngineLoader } from './create-engine-loader';
import { createKeyStore, type KeyState } from './create-key-store';
import { createSessionLibrary, type SessionLibrary } from './create-session-library';
import { createStopSignal, type StopSignal } from './create-stop-signal';
import { createWhatIfActions, type WhatIfActions } from './create-what-if-actions';
import { lazyLocalModel, lazyModelStore } from './lazy-local-model';
import { readLinkInWorker } from './read-link-in-worker';
import { spawnTokenWorker } from './spawn-token-worker';
import { countWhenSettled } from './count-when-settled';
import { startBrowserWebContainer } from './start-browser-web-container';

export type { ChatHandle, EngineState } from './create-engine-loader';

/** Everything one mounted playground runs on; created once per mount. */
export type PlaygroundRuntime = SessionController &
  WhatIfActions &
  StopSignal &
  EngineLoader & {
    store: SessionStore;
    keys: StoreApi<KeyState>;
    /**
     * The request headers for a provider at an address: its typed key, if one was typed for that
     * address or the person confirmed it (never stored with the session); throws, sending
     * nothing, when the key was typed for another address (see docs/decisions/keys-and-route-guard.md).
     */
    headersFor(provider: ProviderId, baseURL: string | undefined): Record<string, string>;
    /** This tab's MCP connections (made only when the person connects; headers in memory only). */
    mcp: McpClient;
    /** Counts tokens in a worker, never on the page's thread (the worker is made on the first count). */
    tokens: TokenCounter;
    /** Where the run waits for the person (step mode, approvals). */
    gate: RunGate;
    /** The saved sessions (in the browser only). */
    library: SessionLibrary | undefined;
    /** Other tabs on the same session (in the browser only). */
    tabs: TabSync | undefined;
    /**
     * The graph of the session, derived once per change and laid out with cached step layouts —
     * made by the (lazily loaded) timeline code on first use, so the layout library is not in
     * the first load.
     */
    timeline: { derive?: TimelineDeriver };
    /**
     * Listens to the page (hide, fragment changes, other tabs' lists); returns the cleanup. The
     * last cleanup disposes the runtime unless it is attached again in the same task (React's
     * StrictMode mounts twice in development): unmounting the playground ends it.
     */
    attach(page: Window): () => void;
    /** Stops the run, stops hearing other tabs and gives up a sandbox still starting: the runtime is done. */
    dispose(): void;
    /** Starts the sandbox on first call (idempotent) and resolves when it is ready. */
    startSandbox(): Promise<Sandbox>;
    /** Starts, switches or resets the sandbox (the session's choice and files). */
    sandboxes: SandboxManager;
    /** `In your browser (no key)`: the model file loaded into this tab's worker (none until the person loads one). */
    localModel: BrowserLocalModel;
    /** The models downloaded into this browser's storage (the catalogue's, checked by SHA-256). */
    modelStore: BrowserModelStore;
  };

/** Wires the session store, the schema checker, the sandbox and the chat loop together: each piece its own module. */
export function createPlaygroundRuntime({ checked }: { checked?: readonly CheckedSource[] } = {}): PlaygroundRuntime {
  const store = createBrowserSessionStore();
  const sandboxes = createSandboxManager({
    startOffline: createOfflineSandbox,
    startWebContainer: startBrowserWebContainer,
    getFiles: () => store.getState().files,
    onStatus: (status) => store.getState().setSandboxStatus(status),
    onFilesChanged: (files) => store.getState().setFiles(files),
  });
  const startSandbox = () => sandboxes.get(store.getState().sandboxChoice);
  const keys = createKeyStore(
    typeof window === 'undefined' ? undefined : openBrowserStorage(() => window.sessionStorage).storage,
  );
  const headersFor = (provider: ProviderId, baseURL: string | undefined): Record<string, string> => {
    const decision = keys.getState().decide(provider, baseURL);
    if (decision.kind === 'unconfirmed') throw new Error(unconfirmedAddressMessage(decision.address));
    return decision.kind === 'key' ? { 'x-provider-key': decision.key } : {};
  };
  const gate = createRunGate((pause) => store.getState().setPause(pause));
  const mcp = createMcpClient({
    store,
    // A server's "tools changed" reaches the tool list within a few seconds.
    watchMs: typeof window === 'undefined' ? undefined : 5_000,
    fetch: (...args) => (typeof window === 'undefined' ? fetch(...args) : window.fetch(...args)),
  });
  const localModel = lazyLocalModel();
  const loader = createEngineLoader({
    store,
    startSandbox,
    getHeaders: () => headersFor(store.getState().settings.provider, store.getState().settings.baseURL),
    gate,
    mcp,
    localModel: localModel.access,
    checked,
  });
  const tokens = countWhenSettled(createTokenCounter({ spawn: spawnTokenWorker }), loader.engine);
  const { stop, onStop } = createStopSignal({ store, gate, engine: loader.engine });
  const { library, controller } = openSessions({ store, sandboxes, stop, chat: loader.chat });
  let disposed = false;
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    stop();
    mcp.dispose();
    tokens.dispose();
    store.close?.();
    sandboxes.cancelStart();
  };
  return {
    ...loader,
    ...createWhatIfActions({ store, loadEngine: loader.loadEngine, toolChecks: loader.toolChecks }),
    ...controller,
    localModel,
    modelStore: lazyModelStore(),
    store,
    keys,
    headersFor,
    mcp,
    tokens,
    gate,
    stop,
    onStop,
    startSandbox,
    sandboxes,
    library,
    attach: createPageAttachment({ store, controller, library, dispose }),
    dispose,
    tabs: store.tabs,
    timeline: {},
  };
}

/** The saved sessions (in the browser only) and how a session is opened: restored, from a link or a file, forked. */
function openSessions({
  store,
  sandboxes,
  stop,
  chat,
}: {
  store: BrowserSessionStore;
  sandboxes: SandboxManager;
  stop(): void;
  chat: ChatHandle;
}) {
  const library =
    store.storage && store.saveAs && store.sessionId && store.kv && store.local
      ? createSessionLibrary({
          store,
          storage: store.storage,
          kv: store.kv,
          local: store.local,
          currentId: store.sessionId,
          saveAs: store.saveAs,
          open: async (session, trusted, draft) => {
            await controller.openSession(session, { trusted });
            store.getState().setDraft(draft);
          },
        })
      : undefined;
  const browser = typeof window === 'undefined' ? undefined : window;
  const linkReader = typeof Worker === 'undefined' ? undefined : readLinkInWorker();
  const controller = createSessionController({
    store,
    readLink: linkReader,
    warmLinkReader: linkReader?.warm,
    persistence: {
      restore: async () => store.restore?.(),
      flush: async () => store.storage?.flush(),
      saveAs: (id) => store.saveAs?.(id),
      ownSessionId: () => library?.state.getState().currentId ?? store.sessionId ?? 'default',
      rememberCurrent: (id) => store.local?.setItem(CURRENT_SESSION_KEY, id),
      adopt: (id, name) => library?.adopt(id, name),
    },
    location: browser?.location ?? { hash: '', pathname: '/' },
    history: browser?.history ?? { replaceState: () => undefined },
    restoreSandbox: (files) => sandboxes.restoreIfStarted(files),
    stop,
    send: (message) => void chat.sendMessage(message),
    runPendingCalls: () => chat.runPendingCalls(),
    newId,
  });
  // A link in the address is fetched and read (in its worker) while the page hydrates.
  if (browser) controller.readAddressLink();
  return { library, controller };
}
