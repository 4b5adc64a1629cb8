import { createSessionChat, type SessionChatOptions } from '../lib/agent/create-session-chat';
import type { RunJavaScript } from '../lib/shapes/tool-outcome';
import { createOfflineSandbox } from '../lib/sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../lib/shapes/example-files';
import type { Sandbox } from '../lib/sandbox/sandbox';
import { handleChatRequest } from '../lib/server/handle-chat-request';
import { createSessionStore } from '../lib/session/session-store';
import type { SessionStore } from '@/lib/session/session-state';
import { createSchemaChecker, type SchemaChecker } from '../lib/tools/create-schema-checker';
import { checkToolDrafts } from '../lib/tools/check-tool-drafts';
import { waitForRunEnd } from '../lib/agent/wait-for-run-end';

export type ConversationOptions = {
  configure?: (store: SessionStore) => void;
  sandbox?: Promise<Sandbox>;
  /** The server's environment as the route sees it. */
  env?: Record<string, string | undefined>;
  /** Headers the browser adds (a typed key). */
  headers?: Record<string, string>;
  /** Runs JavaScript handlers and interceptors. */
  runJavaScript?: RunJavaScript;
  /** The network the route's provider packages use (the real one when unset). */
  providerFetch?: typeof fetch;
  /** The route's stream timeouts: generous unless a test is about them (a busy machine is slow, not silent). */
  timeouts?: RouteTimeouts;
  /** The page's fetch for the chat route (the real route handler, in-process, unless said). */
  routeFetch?: typeof fetch;
  /** A replay's recorded results (see lib/agent/replay-fetch.ts). */
  recordedResult?: SessionChatOptions['recordedResult'];
};

type RouteTimeouts = { firstChunkMs: number; chunkMs: number; stepMs: number };
/** Long enough that a machine running the e2e suite beside the unit tests never trips them. */
const TEST_TIMEOUTS: RouteTimeouts = { firstChunkMs: 15_000, chunkMs: 15_000, stepMs: 45_000 };

/** A fetch that answers from the real route handler, in-process, with retries made instant. */
export function createRouteFetch(
  env: Record<string, string | undefined> = {},
  providerFetch?: typeof fetch,
  timeouts: RouteTimeouts = TEST_TIMEOUTS,
): typeof fetch {
  return (async (_url: RequestInfo | URL, init?: RequestInit) =>
    handleChatRequest(new Request('http://local/api/chat', init), {
      simulatedChunkDelayMs: 0,
      env,
      ...(providerFetch ? { fetch: providerFetch } : {}),
      retryPolicy: { maxRetries: 3, initialBackoffMs: 1, maxBackoffMs: 4, multiplier: 2 },
      timeouts,
    })) as typeof fetch;
}

/** Waits until the run has ended (see `waitForRunEnd`: told by the store's changes, never by a fixed wait). */
export function settle(store: SessionStore, checker: SchemaChecker = createSchemaChecker()): Promise<void> {
  return waitForRunEnd(store, () => checkToolDrafts(store.getState().tools, checker).runnable);
}

/** Sends `text` through the real chat loop and route (in-process) and waits for the run to end. */
export async function runConversation(text: string, options: ConversationOptions = {}) {
  const store = createSessionStore();
  options.configure?.(store);
  const sandbox = options.sandbox ?? createOfflineSandbox(EXAMPLE_FILES);
  const checker = createSchemaChecker();
  const chat = createSessionChat({
    store,
    checker,
    getSandbox: () => sandbox,
    runJavaScript: options.runJavaScript,
    recordedResult: options.recordedResult,
    fetch: options.routeFetch ?? createRouteFetch(options.env, options.providerFetch, options.timeouts),
    getHeaders: () => options.headers ?? {},
  });
  await chat.sendMessage({ text });
  await settle(store, checker);
  return { store, chat, messages: store.getState().messages };
}
