import { generateId } from 'ai';
import { messagesBeforeMessage, messagesWithEditedResult, parseEditedResult } from '@/lib/session/branches';
import { createSessionChat, type SessionChat } from '@/lib/agent/create-session-chat';
import { createRunGate, type RunGate } from '@/lib/agent/run-gate';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { createSandboxManager, type SandboxManager } from '@/lib/sandbox/create-sandbox-manager';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import type { SessionData } from '@/lib/session/session-schema';
import { createPersistentSessionStore, createSessionStorage, sessionStorageKey } from '@/lib/session/create-persistent-session-store';
import { readShareFragment, SHARE_PREFIX } from '@/lib/share/share-link';
import { createSessionStore, isRunInProgress, type SessionStore } from '@/lib/session/session-store';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { StoreApi } from 'zustand/vanilla';
import { createKeyStore, type KeyState } from '../chat/create-key-store';
import { createSessionLibrary, type SessionLibrary } from '../session/create-session-library';
import { startBrowserWebContainer } from '../sandbox/start-browser-web-container';
import { runJavaScriptInSandbox } from '../tools/run-javascript-in-sandbox';

/** Everything one mounted playground runs on; created once per mount. */
export type PlaygroundRuntime = {
  store: SessionStore;
  checker: SchemaChecker;
  chat: SessionChat;
  keys: StoreApi<KeyState>;
  /** Where the run waits for the person (step mode, approvals). */
  gate: RunGate;
  /** Stops the run: aborts the request in flight and releases every pause. */
  stop(): void;
  /** The saved sessions (in the browser only). */
  library: SessionLibrary | undefined;
  /** Makes a session opened from a link the person's own (saved under a new id, editable). */
  forkToEdit(): void;
  /** Restores the saved session (once, after mount) — or opens the share link in the URL — then starts the sandbox with its files. */
  restoreSession(): Promise<void>;
  /** Starts the sandbox on first call (idempotent) and resolves when it is ready. */
  startSandbox(): Promise<Sandbox>;
  /** Starts, switches or resets the sandbox (the session's choice and files). */
  sandboxes: SandboxManager;
  /** Forks the conversation at a user message (sending `text` instead) or a tool result (answering with `text`), keeping the old branch. */
  /** Replaces the session (a file, a link, storage): the run stops, the sandbox gets its files. */
  openSession(session: SessionData, options: { trusted: boolean }): Promise<void>;
  fork(at: { kind: 'user-message'; messageId: string } | { kind: 'tool-result'; toolCallId: string }, text: string): string | undefined;
};

/** The key under which the id of the session last open is kept. */
const CURRENT_SESSION_KEY = 'tool-playground:current-session';

/**
 * In the browser, the session is saved in localStorage as it changes (see
 * createPersistentSessionStore); it is restored by `restoreSession` after mount. On the server
 * (the first render) it is a plain store.
 */
type BrowserSessionStore = SessionStore & {
  restore?: () => Promise<void>;
  saveAs?: (sessionId: string) => void;
  storage?: ReturnType<typeof createSessionStorage>;
  sessionId?: string;
};

function createBrowserSessionStore(): BrowserSessionStore {
  if (typeof window === 'undefined') return createSessionStore();
  let reportProblem: (message: string) => void = () => undefined;
  const storage = createSessionStorage(window.localStorage, (problem) => reportProblem(problem.message));
  const sessionId = window.localStorage.getItem(CURRENT_SESSION_KEY) ?? 'default';
  const store = createPersistentSessionStore(storage, sessionId);
  reportProblem = (message) => store.getState().setStorageProblem(message);
  const flush = () => storage.flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  return Object.assign(store, {
    storage,
    sessionId,
    restore: () => store.persist.rehydrate(),
    /** From now on the session is saved under this id (a shared link made the person's own). */
    saveAs: (id: string) => {
      store.persist.setOptions({ name: sessionStorageKey(id) });
      window.localStorage.setItem(CURRENT_SESSION_KEY, id);
    },
  });
}

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
  const keys = createKeyStore(typeof window === 'undefined' ? undefined : window.sessionStorage);
  const getHeaders = (): Record<string, string> => {
    const key = keys.getState().keys[store.getState().settings.provider];
    return key ? { 'x-provider-key': key } : {};
  };
  const gate = createRunGate((pause) => store.getState().setPause(pause));
  const chat = createSessionChat({ store, checker, getSandbox: startSandbox, runJavaScript: runJavaScriptInSandbox, getHeaders, gate });
  const stop = () => {
    gate.releaseAll('The run was stopped.');
    void chat.stop();
  };
  const fork: PlaygroundRuntime['fork'] = (at, text) => {
    if (store.getState().readOnly) return 'A shared session is read-only: press “Fork to edit” to make it yours first.';
    if (isRunInProgress(store.getState())) return 'Stop the run before forking.';
    const { messages, startBranch } = store.getState();
    if (at.kind === 'user-message') {
      const before = messagesBeforeMessage(messages, at.messageId);
      if (!before) return 'That message is not in the active branch.';
      if (!text.trim()) return 'Type the message to send on the new branch.';
      startBranch(before);
      void chat.sendMessage({ text });
      return undefined;
    }
    const forked = messagesWithEditedResult(messages, at.toolCallId, parseEditedResult(text), generateId());
    if (!forked) return 'That tool result is not in the active branch.';
    startBranch(forked);
    void chat.sendMessage();
    return undefined;
  };
  const openSession: PlaygroundRuntime['openSession'] = async (session, options) => {
    stop();
    store.getState().loadSession(session, options);
    await (await startSandbox()).restore(session.files);
  };
  const restoreSession = async () => {
    const fragment = typeof window === 'undefined' ? '' : window.location.hash;
    if (fragment.startsWith(SHARE_PREFIX)) {
      const shared = readShareFragment(fragment);
      if (shared.ok) {
        // Opened read-only and saved apart (one slot, the last link opened), so the person's own session is left as it was.
        store.saveAs?.('shared-link');
        window.localStorage.removeItem(CURRENT_SESSION_KEY);
        store.getState().loadSession(shared.session, { trusted: false, readOnly: true });
        await startSandbox();
        return;
      }
      await store.restore?.();
      store.getState().setStorageProblem(shared.message);
      await startSandbox();
      return;
    }
    await store.restore?.();
    await startSandbox();
  };
  const library =
    store.storage && store.saveAs && store.sessionId
      ? createSessionLibrary({
          store,
          storage: store.storage,
          local: window.localStorage,
          currentId: store.sessionId,
          saveAs: store.saveAs,
          open: async (session, trusted, draft) => {
            await openSession(session, { trusted });
            store.getState().setDraft(draft);
          },
        })
      : undefined;
  const forkToEdit = () => {
    const id = `session-${generateId()}`;
    store.saveAs?.(id);
    library?.adopt(id, 'Shared session');
    store.getState().leaveReadOnly();
    window.history.replaceState(null, '', window.location.pathname);
  };
  return { store, checker, chat, keys, gate, stop, startSandbox, sandboxes, fork, openSession, restoreSession, forkToEdit, library };
}
