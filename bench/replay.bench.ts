import { test } from 'vitest';
import { createSessionChat } from '@/lib/agent/create-session-chat';
import { createReplayHooks } from '@/lib/agent/replay-fetch';
import { waitForRunEnd } from '@/lib/agent/wait-for-run-end';
import { replayAgainstModel } from '@/lib/what-if/replay-against-model';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { createSessionStore } from '@/lib/session/session-store';
import { EXAMPLE_FILES } from '@/lib/shapes/example-files';
import { checkToolDrafts } from '@/lib/tools/check-tool-drafts';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
import { createRouteFetch, settle } from '@/testing/run-conversation';
import { type Figure, printFigures } from './measure';

/**
 * Replay against the model (its budget: an unchanged 500-call session replays with 0 provider
 * requests in ≤ 2 s): a run of 504 calls (84 steps of 6 parallel `think` calls, then an answer,
 * the scripted model through the real route in-process) recorded, then replayed through the same
 * chat — every request answered from the recording, every call given its recorded result.
 */
test('Replay against the model: an unchanged 504-call run', async () => {
  const checker = createSchemaChecker();
  const store = createSessionStore();
  const script = [
    ...Array.from({ length: 84 }, (_, step) => ({
      text: '',
      toolCalls: Array.from({ length: 6 }, (_, call) => ({ toolName: 'think', input: { thought: `${step}.${call}` } })),
    })),
    { text: 'Done.' },
  ];
  store.getState().updateSettings({ model: 'simulated-scripted', script, maxSteps: 100 });
  const hooks = createReplayHooks();
  let routeCalls = 0;
  const route = createRouteFetch();
  const counted = ((input: RequestInfo | URL, init?: RequestInit) => {
    routeCalls++;
    return route(input, init);
  }) as typeof fetch;
  const sandbox = createOfflineSandbox(EXAMPLE_FILES);
  const chat = createSessionChat({
    store,
    checker,
    getSandbox: () => sandbox,
    fetch: hooks.wrapFetch(counted),
    recordedResult: hooks.recordedResult,
  });
  const recordStarted = performance.now();
  await chat.sendMessage({ text: 'think it through' });
  await settle(store, checker);
  const recordMs = performance.now() - recordStarted;
  const calls = store.getState().messages[1].parts.filter((part) => part.type === 'dynamic-tool').length;
  const recordedRequests = routeCalls;
  const runnable = () => checkToolDrafts(store.getState().tools, checker).runnable;
  const started = performance.now();
  const result = await replayAgainstModel({
    store,
    hooks,
    send: (message) => chat.sendMessage(message),
    waitForRunEnd: (stopped) => waitForRunEnd(store, runnable, stopped),
    fromMessageId: store.getState().messages[0].id,
    onDivergence: 'stop',
  });
  const replayMs = performance.now() - started;
  if (!result.ok) throw new Error(result.message);
  const figures: Figure[] = [
    {
      name: `replay: recording the ${calls}-call run (route and loop)`,
      iterations: 1,
      medianMs: recordMs,
      p95Ms: recordMs,
    },
    {
      name: `replay: the unchanged ${calls}-call run, ${routeCalls - recordedRequests} route requests, ${result.record.served} served`,
      iterations: 1,
      medianMs: replayMs,
      p95Ms: replayMs,
      budgetMs: routeCalls === recordedRequests && !result.record.diverged ? 2_000 : 0,
    },
  ];
  printFigures('Replay against the model', figures);
});
