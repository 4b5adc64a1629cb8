import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionChat } from '@/lib/agent/create-session-chat';
import type { RunGate } from '@/lib/agent/run-gate';
import type { McpClient } from '@/lib/mcp/create-mcp-client';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import type { SessionStore } from '@/lib/session/session-state';
import { type CheckedSource, createToolChecks, type ToolChecks } from '@/lib/tools/create-tool-checks';
import type { LocalModelAccess } from '@/lib/agent/answer-in-page';
import type { PlaygroundEngine } from './create-playground-engine';
import type { CallWorker } from '@/lib/platform/worker-calls';
import type { SourceCheck } from '@/lib/tools/tool-check';
import { afterIdle } from '../ui/after-idle';
import { checkSourcesInWorker } from './spawn-tool-check-worker';

/** The chat as the page uses it: each call waits for the engine when it is not loaded yet. */
export type ChatHandle = Pick<SessionChat, 'sendMessage' | 'addToolOutput' | 'runPendingCalls'>;

/** Whether the engine (schema checker and chat) is loaded; components re-render when it is. */
export type EngineState = { engine?: PlaygroundEngine; error?: string };

export type EngineLoader = {
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
};

/**
 * The worker starts once the page has been idle (its scripts load after the page is usable, not
 * during hydration, where the first check asks for it); later checks go straight to it.
 */
function checkWhenIdle(check: CallWorker<string[], SourceCheck[]>): (sources: string[]) => Promise<SourceCheck[]> {
  let idle: Promise<void> | undefined;
  return (sources) => {
    idle ??= afterIdle();
    return idle.then(() => check(sources));
  };
}

/**
 * The engine — the schema checker and the chat loop — loaded once the tools are checked and the
 * page is idle, never in the first load; until then tool lists are checked in a worker, and a chat
 * action waits for it (a failed load shows as the run's error).
 */
export function createEngineLoader(options: {
  store: SessionStore;
  startSandbox(): Promise<Sandbox>;
  getHeaders(): Record<string, string>;
  gate: RunGate;
  mcp: McpClient;
  localModel: LocalModelAccess;
  /** Tool texts checked by the server, sent with the page. */
  checked?: readonly CheckedSource[];
}): EngineLoader {
  const { store } = options;
  const engine = createStore<EngineState>(() => ({}));
  let loading: Promise<PlaygroundEngine> | undefined;
  const toolChecks = createToolChecks({
    elsewhere: typeof Worker === 'undefined' ? undefined : checkWhenIdle(checkSourcesInWorker()),
    // No worker (a browser without module workers, a blocked script): the engine checks here.
    onElsewhereFailed: () => void loadEngine().catch(() => undefined),
    checked: options.checked,
  });
  const loadEngine = () => {
    loading ??= import('./create-playground-engine').then(
      ({ createPlaygroundEngine }) => {
        const loaded = createPlaygroundEngine({
          store,
          getSandbox: options.startSandbox,
          getHeaders: options.getHeaders,
          gate: options.gate,
          mcp: options.mcp,
          checkTools: toolChecks.check,
          localModel: options.localModel,
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
  return { engine, toolChecks, loadEngine, chat };
}
