import { createSessionChat, type SessionChat } from '@/lib/agent/create-session-chat';
import { createRunGate, type RunGate } from '@/lib/agent/run-gate';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '@/lib/sandbox/example-files';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import { createSessionStore, type SessionStore } from '@/lib/session/session-store';
import { createSchemaChecker, type SchemaChecker } from '@/lib/tools/create-schema-checker';
import type { StoreApi } from 'zustand/vanilla';
import { createKeyStore, type KeyState } from '../chat/create-key-store';
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
};

/** Wires the session store, the schema checker, the sandbox and the chat loop together. */
export function createPlaygroundRuntime(): PlaygroundRuntime {
  const store = createSessionStore();
  const checker = createSchemaChecker();
  let sandbox: Promise<Sandbox> | undefined;
  const startSandbox = () => {
    sandbox ??= createOfflineSandbox(EXAMPLE_FILES).then(
      (ready) => {
        store.getState().setSandboxStatus({ kind: 'ready', label: 'offline (bash emulation, in-memory files)' });
        return ready;
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        store.getState().setSandboxStatus({ kind: 'failed', message });
        throw error;
      },
    );
    return sandbox;
  };
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
  return { store, checker, chat, keys, gate, stop, startSandbox };
}
