import { createSessionChat } from '../lib/agent/create-session-chat';
import { createReplayHooks } from '../lib/agent/replay-fetch';
import { waitForRunEnd } from '../lib/agent/wait-for-run-end';
import { createOfflineSandbox } from '../lib/sandbox/create-offline-sandbox';
import type { SessionStore } from '../lib/session/session-state';
import { createSessionStore } from '../lib/session/session-store';
import { EXAMPLE_FILES } from '../lib/shapes/example-files';
import { checkToolDrafts } from '../lib/tools/check-tool-drafts';
import { createSchemaChecker } from '../lib/tools/create-schema-checker';
import { createRouteFetch, settle } from './run-conversation';

/**
 * A run through the real route and loop whose chat can replay it (the page's set-up: the replay
 * hooks on the chat's fetch and executor), and what `replayAgainstModel` / `perturbAndReplay`
 * need to replay it with that chat.
 */
export async function recordReplayableRun(text: string, configure: (store: SessionStore) => void = () => {}) {
  const checker = createSchemaChecker();
  const store = createSessionStore();
  configure(store);
  const hooks = createReplayHooks();
  const sandbox = createOfflineSandbox(EXAMPLE_FILES);
  const chat = createSessionChat({
    store,
    checker,
    getSandbox: () => sandbox,
    fetch: hooks.wrapFetch(createRouteFetch()),
    recordedResult: hooks.recordedResult,
  });
  await chat.sendMessage({ text });
  await settle(store, checker);
  const runnable = () => checkToolDrafts(store.getState().tools, checker).runnable;
  return {
    store,
    options: {
      store,
      hooks,
      send: (message: { text: string; metadata?: unknown }) => chat.sendMessage(message),
      waitForRunEnd: (stopped: AbortSignal) => waitForRunEnd(store, runnable, stopped),
      onDivergence: 'go-live' as const,
      toolNames: runnable().map((tool) => tool.spec.name),
    },
  };
}
