import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BrowserLocalModel } from './create-browser-local-model';
import type { BrowserModelStore } from './create-browser-model-store';
import { lazyLocalModel, lazyModelStore } from './lazy-local-model';
import type { SessionChat } from '@/lib/agent/create-session-chat';
import { createRunGate, type RunGate } from '@/lib/agent/run-gate';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { createSandboxManager, type SandboxManager } from '@/lib/sandbox/create-sandbox-manager';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import { createSessionController, type SessionController } from '@/lib/opening/create-session-controller';
import { openBrowserStorage } from '@/lib/session/open-browser-storage';
import { SHARE_PREFIX } from '@/lib/share/share-link';
import type { SessionStore } from '@/lib/session/session-state';
import { newId } from '@/lib/shapes/new-id';
import type { ProviderId } from '@/lib/shapes/run-settings-defaults';
import { unconfirmedAddressMessage } from '@/lib/providers/key-address';
import type { TimelineDeriver } from '@/lib/timeline/create-timeline-deriver';
import { createKeyStore, type KeyState } from './create-key-store';
import { createBrowserSessionStore, CURRENT_SESSION_KEY, type TabSync } from './create-browser-session-store';
import { createSessionLibrary, type SessionLibrary } from './create-session-library';
import { startBrowserWebContainer } from './start-browser-web-container';
import type { PlaygroundEngine } from './create-playground-engine';
import { createMcpClient, type McpClient } from '@/lib/mcp/create-mcp-client';
import { createTokenCounter, type TokenCounter } from '@/lib/tools/create-token-counter';
import { spawnTokenWorker } from './spawn-token-worker';
import { createToolChecks, type ToolChecks } from '@/lib/tools/create-tool-checks';
import { checkSourcesInWorker } from './spawn-tool-check-worker';
import { readLinkInWorker } from './read-link-in-worker';
import type { OnDivergence, ReplayRecord } from '@/lib/shapes/replay';
import type { PerturbPreset } from '@/lib/what-if/perturb-presets';
import type { OutcomeClass } from '@/lib/what-if/outcome-class';

/** The chat as the page uses it: each call waits for the engine when it is not loaded yet. */
export type ChatHandle = Pick<SessionChat, 'sendMessage' | 'addToolOutput' | 'runPendingCalls'>;

/** Whether the engine (schema checker and chat) is loaded; components re-render when it is. */
export type EngineState = { engine?: PlaygroundEngine; error?: string };

/** Everything one mounted playground runs on; created once per mount. */
export type PlaygroundRuntime = SessionController & {
  store: SessionStore;
  /** The schema checker and the chat, loaded once the tools are checked and the page is idle (not in the first load). */
  engine: StoreApi<EngineState>;
  /**
   * Every tool list checked: in a worker until the engine has loaded (Ajv's meta-schemas never
   * compile on the first screen's thread), then on this thread with the engine's checker.
   */
  toolChecks: ToolChecks;
  /** Loads the engine once (retrying after a failed load) and resolves with it. */
  loadEngine(): Promise<PlaygroundEngine>;
  chat: ChatHandle;
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
  /** `Replay against the model` from a user message of the active branch: a new branch, the recording served until the first request that differs. */
  replayAgainstModel(
    fromMessageId: string,
    onDivergence: OnDivergence,
  ): Promise<{ ok: true; record: ReplayRecord } | { ok: false; message: string }>;
  /** `Perturb result`: a call's result replaced by a preset's on a new branch, and what the model did with it. */
  perturbResult(
    toolCallId: string,
    preset: PerturbPreset,
  ): Promise<{ ok: true; record: ReplayRecord; outcome: OutcomeClass } | { ok: false; message: string }>;
  /** Stops the run: aborts the request in flight, ends the tool calls executing and releases every pause — and every side run (Compare's lanes). */
  stop(): void;
  /** Hears Stop (Compare's lanes end with the run); returns the unsubscribe. */
  onStop(listener: () => void): () => void;
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

/** Wires the session store, the schema checker, the sandbox and the chat loop together. */
export function createPlaygroundRuntime(): PlaygroundRuntime {
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
  const getHeaders = () => headersFor(store.getState().settings.provider, store.getState().settings.baseURL);
  const gate = createRunGate((pause) => store.getState().setPause(pause));
  const mcp = createMcpClient({
    store,
    // A server's "tools changed" reaches the tool list within a few seconds.
    watchMs: typeof window === 'undefined' ? undefined : 5_000,
    fetch: (...args) => (typeof window === 'undefined' ? fetch(...args) : window.fetch(...args)),
  });
  const tokens = createTokenCounter({ spawn: spawnTokenWorker });
  const localModel = lazyLocalModel();

  const engine = createStore<EngineState>(() => ({}));
  let loading: Promise<PlaygroundEngine> | undefined;
  const toolChecks = createToolChecks({
    elsewhere: typeof Worker === 'undefined' ? undefined : checkSourcesInWorker(),
    // No worker (a browser without module workers, a blocked script): the engine checks here.
    onElsewhereFailed: () => void loadEngine().catch(() => undefined),
  });
  const loadEngine = () => {
    loading ??= import('./create-playground-engine').then(
      ({ createPlaygroundEngine }) => {
        const loaded = createPlaygroundEngine({
          store,
          getSandbox: startSandbox,
          getHeaders,
          gate,
          mcp,
          checkTools: toolChecks.check,
          localModel: localModel.access,
        });
        toolChecks.adopt(loaded.checkSource);
        engine.setState({ engine: loaded, error: undefined });
        performance.mark?.('playground:engine-loaded');
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        const message = `The playground's code did not load (${error instanceof Error ? error.message : String(error)}); reload the page.`;
        engine.setState({ error: message });
        throw new Error(message);
      },
    );
    return loading;
  };
  /** Runs `action` on the chat once the engine is there; a failed load shows as the run's error. */
  const withChat = async (action: (chat: SessionChat) => unknown): Promise<void> => {
    const ready = engine.getState().engine;
    if (ready) {
      await action(ready.chat);
      return;
    }
    store.setState({ chatStatus: 'submitted', chatError: undefined });
    try {
      const loaded = await loadEngine();
      // Stop pressed while the engine loaded: nothing is sent.
      if (store.getState().chatStatus !== 'submitted') return;
      store.setState({ chatStatus: 'ready' });
      await action(loaded.chat);
    } catch (error) {
      store.setState({ chatStatus: 'error', chatError: error instanceof Error ? error.message : String(error) });
    }
  };
  const chat: ChatHandle = {
    sendMessage: (...args) => withChat((loaded) => loaded.sendMessage(...args)),
    addToolOutput: (...args) => withChat((loaded) => loaded.addToolOutput(...args)),
    runPendingCalls: () => void withChat((loaded) => loaded.runPendingCalls()),
  };
  const stopListeners = new Set<() => void>();
  const onStop = (listener: () => void) => {
    stopListeners.add(listener);
    return () => void stopListeners.delete(listener);
  };
  const stop = () => {
    for (const listener of [...stopListeners]) listener();
    gate.releaseAll('The run was stopped.');
    const loaded = engine.getState().engine?.chat;
    if (!loaded) {
      if (store.getState().chatStatus === 'submitted') store.setState({ chatStatus: 'ready' });
      return;
    }
    loaded.stopTools();
    void loaded.stop();
  };
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
  const controller = createSessionController({
    store,
    readLink: typeof Worker === 'undefined' ? undefined : readLinkInWorker(),
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

  let attachments = 0;
  let disposed = false;
  /** Listens to the page: saves on hide, opens links pasted into the address bar, hears other tabs' session lists. */
  const attach = (page: Window) => {
    attachments += 1;
    const flush = () => void store.storage?.flush();
    const onVisibility = () => page.document.visibilityState === 'hidden' && flush();
    // A link pasted into this tab's address bar changes only the fragment: no reload.
    const onHashChange = () => {
      if (page.location.hash.startsWith(SHARE_PREFIX)) void controller.openShareLink(page.location.hash);
    };
    // Another tab changed the list of sessions (localStorage tells every other tab).
    const onStorage = () => library?.refresh();
    page.addEventListener('pagehide', flush);
    page.document.addEventListener('visibilitychange', onVisibility);
    page.addEventListener('hashchange', onHashChange);
    page.addEventListener('storage', onStorage);
    return () => {
      page.removeEventListener('pagehide', flush);
      page.document.removeEventListener('visibilitychange', onVisibility);
      page.removeEventListener('hashchange', onHashChange);
      page.removeEventListener('storage', onStorage);
      attachments -= 1;
      setTimeout(() => {
        if (attachments === 0) dispose();
      }, 0);
    };
  };
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    stop();
    mcp.dispose();
    tokens.dispose();
    store.close?.();
    sandboxes.cancelStart();
  };

  /** `Replay against the model` from a user message (see lib/what-if/replay-against-model.ts); loaded on use. */
  const replayAgainstModel = async (fromMessageId: string, onDivergence: OnDivergence) => {
    const [loaded, { replayAgainstModel: replay }, { waitForRunEnd }] = await Promise.all([
      loadEngine(),
      import('@/lib/what-if/replay-against-model'),
      import('@/lib/agent/wait-for-run-end'),
    ]);
    // Replaying runs the session's handlers, as Send does.
    store.getState().trustHandlers();
    return replay({
      store,
      hooks: loaded.replay,
      send: (message) => loaded.chat.sendMessage(message),
      waitForRunEnd: (stopped) =>
        waitForRunEnd(store, () => toolChecks.check(store.getState().tools).runnable, stopped),
      fromMessageId,
      onDivergence,
    });
  };

  /** `Perturb result` on a call: a preset's result on a new branch, the run replayed to it and live from it (loaded on use). */
  const perturbResult = async (toolCallId: string, preset: PerturbPreset) => {
    const [loaded, { perturbAndReplay }, { waitForRunEnd }] = await Promise.all([
      loadEngine(),
      import('@/lib/what-if/perturb-result'),
      import('@/lib/agent/wait-for-run-end'),
    ]);
    store.getState().trustHandlers();
    const runnable = () => toolChecks.check(store.getState().tools).runnable;
    return perturbAndReplay({
      store,
      hooks: loaded.replay,
      send: (message) => loaded.chat.sendMessage(message),
      waitForRunEnd: (stopped) => waitForRunEnd(store, runnable, stopped),
      onDivergence: 'go-live',
      toolCallId,
      preset,
      toolNames: runnable().map((tool) => tool.spec.name),
    });
  };

  return {
    localModel,
    modelStore: lazyModelStore(),
    store,
    engine,
    toolChecks,
    loadEngine,
    replayAgainstModel,
    perturbResult,
    chat,
    keys,
    headersFor,
    mcp,
    tokens,
    gate,
    stop,
    onStop,
    startSandbox,
    sandboxes,
    ...controller,
    library,
    attach,
    dispose,
    tabs: store.tabs,
    timeline: {},
  };
}
