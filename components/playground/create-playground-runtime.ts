import { generateId } from 'ai';
import { createSessionChat, type SessionChat } from '@/lib/agent/create-session-chat';
import { createRunGate, type RunGate } from '@/lib/agent/run-gate';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { createSandboxManager, type SandboxManager } from '@/lib/sandbox/create-sandbox-manager';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import { createSessionController, type SessionController } from '@/lib/session/create-session-controller';
import { openBrowserStorage } from '@/lib/session/open-browser-storage';
import { SHARE_PREFIX } from '@/lib/share/share-link';
import type { SessionStore } from '@/lib/session/session-store';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { TimelineDeriver } from '@/lib/timeline/create-timeline-deriver';
import type { StoreApi } from 'zustand/vanilla';
import { createKeyStore, type KeyState } from '../chat/create-key-store';
import { createBrowserSessionStore, CURRENT_SESSION_KEY, type TabSync } from './create-browser-session-store';
import { createSessionLibrary, type SessionLibrary } from '../session/create-session-library';
import { startBrowserWebContainer } from '../sandbox/start-browser-web-container';
import { runJavaScriptInSandbox } from '../tools/run-javascript-in-sandbox';

/** Everything one mounted playground runs on; created once per mount. */
export type PlaygroundRuntime = SessionController & {
  store: SessionStore;
  checker: SchemaChecker;
  chat: SessionChat;
  keys: StoreApi<KeyState>;
  /** Where the run waits for the person (step mode, approvals). */
  gate: RunGate;
  /** Stops the run: aborts the request in flight, ends the tool calls executing and releases every pause. */
  stop(): void;
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
  /** Listens to the page (hide, fragment changes, other tabs' lists); returns the cleanup. */
  attach(page: Window): () => void;
  /** Stops the run, stops hearing other tabs and gives up a sandbox still starting: the runtime is done. */
  dispose(): void;
  /** Starts the sandbox on first call (idempotent) and resolves when it is ready. */
  startSandbox(): Promise<Sandbox>;
  /** Starts, switches or resets the sandbox (the session's choice and files). */
  sandboxes: SandboxManager;
};

/** Wires the session store, the schema checker, the sandbox and the chat loop together. */
export function createPlaygroundRuntime(): PlaygroundRuntime {
  const store = createBrowserSessionStore();
  const checker = createSchemaChecker();
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
  const getHeaders = (): Record<string, string> => {
    const key = keys.getState().keys[store.getState().settings.provider];
    return key ? { 'x-provider-key': key } : {};
  };
  const gate = createRunGate((pause) => store.getState().setPause(pause));
  const chat = createSessionChat({
    store,
    checker,
    getSandbox: startSandbox,
    runJavaScript: runJavaScriptInSandbox,
    http:
      typeof window === 'undefined'
        ? undefined
        : { fetch: window.fetch.bind(window), ownOrigin: window.location.origin },
    getHeaders,
    gate,
  });
  const stop = () => {
    chat.stopTools();
    gate.releaseAll('The run was stopped.');
    void chat.stop();
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
    startSandbox,
    stop,
    send: (message) => void chat.sendMessage(message),
    newId: generateId,
  });

  /** Listens to the page: saves on hide, opens links pasted into the address bar, hears other tabs' session lists. */
  const attach = (page: Window) => {
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
    };
  };
  const dispose = () => {
    stop();
    store.close?.();
    sandboxes.cancelStart();
  };

  return {
    store,
    checker,
    chat,
    keys,
    gate,
    stop,
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
