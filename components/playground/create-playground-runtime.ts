import { generateId } from 'ai';
import { messagesBeforeMessage, messagesWithEditedResult, parseEditedResult } from '@/lib/session/branches';
import { createSessionChat, type SessionChat } from '@/lib/agent/create-session-chat';
import { createRunGate, type RunGate } from '@/lib/agent/run-gate';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { createSandboxManager, type SandboxManager } from '@/lib/sandbox/create-sandbox-manager';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import type { SessionData } from '@/lib/session/session-schema';
import { openBrowserStorage } from '@/lib/session/open-browser-storage';
import { readShareFragment, SHARE_PREFIX } from '@/lib/share/share-link';
import { isRunInProgress, type SessionStore } from '@/lib/session/session-store';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import { createTimelineDeriver, type TimelineDeriver } from '@/lib/timeline/create-timeline-deriver';
import type { StoreApi } from 'zustand/vanilla';
import { createKeyStore, type KeyState } from '../chat/create-key-store';
import { createBrowserSessionStore, CURRENT_SESSION_KEY, type TabSync } from './create-browser-session-store';
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
  /** Other tabs on the same session (in the browser only). */
  tabs: TabSync | undefined;
  /** The graph of the session, derived once per change and laid out with cached step layouts. */
  deriveTimeline: TimelineDeriver;
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
  fork(
    at: { kind: 'user-message'; messageId: string } | { kind: 'tool-result'; toolCallId: string },
    text: string,
  ): string | undefined;
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
    getHeaders,
    gate,
  });
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
  /** Shows the share link in `fragment` read-only; a damaged one is explained and changes nothing. */
  const openShareLink = async (fragment: string) => {
    const shared = readShareFragment(fragment);
    if (!shared.ok) {
      store.getState().setStorageProblem(shared.message);
      return;
    }
    stop();
    // Shown read-only and never saved (the link itself is the copy); the person's own session is left as it was.
    await store.storage?.flush();
    store.saveAs?.('shared-link');
    store.local?.setItem(CURRENT_SESSION_KEY, library?.state.getState().currentId ?? store.sessionId ?? 'default');
    store.getState().loadSession(shared.session, { trusted: false, readOnly: true });
    await (await startSandbox()).restore(shared.session.files);
  };
  const restoreSession = async () => {
    const fragment = typeof window === 'undefined' ? '' : window.location.hash;
    await store.restore?.();
    if (fragment.startsWith(SHARE_PREFIX)) await openShareLink(fragment);
    await startSandbox();
    // A link pasted into this tab's address bar changes only the fragment: no reload, so listen.
    window.addEventListener('hashchange', () => {
      if (window.location.hash.startsWith(SHARE_PREFIX)) void openShareLink(window.location.hash);
    });
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
            await openSession(session, { trusted });
            store.getState().setDraft(draft);
          },
        })
      : undefined;
  // Another tab changed the list of sessions (localStorage tells every other tab).
  if (typeof window !== 'undefined' && library) window.addEventListener('storage', () => library.refresh());
  const forkToEdit = () => {
    const id = `session-${generateId()}`;
    store.saveAs?.(id);
    library?.adopt(id, 'Shared session');
    store.getState().leaveReadOnly();
    window.history.replaceState(null, '', window.location.pathname);
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
    fork,
    openSession,
    restoreSession,
    forkToEdit,
    library,
    tabs: store.tabs,
    deriveTimeline: createTimelineDeriver(),
  };
}
