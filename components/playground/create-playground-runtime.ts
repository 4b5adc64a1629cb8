import { createSessionChat, type SessionChat } from '@/lib/agent/create-session-chat';
import { createRunGate, type RunGate } from '@/lib/agent/run-gate';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { createSandboxManager, type SandboxManager } from '@/lib/sandbox/create-sandbox-manager';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import { createSessionStore, type SessionStore } from '@/lib/session/session-store';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { StoreApi } from 'zustand/vanilla';
import { createKeyStore, type KeyState } from '../chat/create-key-store';
import { startBrowserWebContainer } from '../sandbox/start-browser-web-container';
import { runJavaScriptInWorker } from '../tools/run-javascript-in-worker';

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
  /** Starts the sandbox on first call (idempotent) and resolves when it is ready. */
  startSandbox(): Promise<Sandbox>;
  /** Starts, switches or resets the sandbox (the session's choice and files). */
  sandboxes: SandboxManager;
};

/** Wires the session store, the schema checker, the sandbox and the chat loop together. */
export function createPlaygroundRuntime(): PlaygroundRuntime {
  const store = createSessionStore();
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
  const chat = createSessionChat({ store, checker, getSandbox: startSandbox, runJavaScript: runJavaScriptInWorker, getHeaders, gate });
  const stop = () => {
    gate.releaseAll('The run was stopped.');
    void chat.stop();
  };
  return { store, checker, chat, keys, gate, stop, startSandbox, sandboxes };
}
