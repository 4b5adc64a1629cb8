import { test } from 'vitest';
import { createSessionChat } from '@/lib/agent/create-session-chat';
import { runToolCall } from '@/lib/agent/run-tool-call';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '@/lib/sandbox/example-files';
import { handleChatRequest } from '@/lib/server/handle-chat-request';
import { createSessionStore } from '@/lib/session/session-store';
import { CORE_TOOL_DEFINITIONS } from '@/lib/tools/core-tool-definitions';
import { checkToolDrafts } from '@/lib/tools/check-tool-drafts';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
import { settle } from '@/testing/run-conversation';
import { measure, printFigures, type Figure } from './measure';

const checker = createSchemaChecker();
const tools = checkToolDrafts(createSessionStore().getState().tools, checker).runnable.concat(
  checkToolDrafts(
    [
      {
        id: 'think',
        source: JSON.stringify({
          name: 'think',
          description: 'Think.',
          parameters: { type: 'object', properties: { thought: { type: 'string' } }, required: ['thought'] },
        }),
        enabled: true,
        run: { kind: 'sandbox' },
      },
    ],
    checker,
  ).runnable,
);
const tenKilobytes = Array.from(
  { length: 200 },
  (_, line) => `line ${String(line).padStart(3, '0')}: ${'x'.repeat(40)}`,
)
  .join('\n')
  .slice(0, 10_240);
const sandbox = await createOfflineSandbox({ ...EXAMPLE_FILES, 'ten-kb.txt': tenKilobytes });
const getSandbox = async () => sandbox;

/** 1,000 steps: 10 runs of 100 steps each (the step limit's maximum), 99 `think` calls then an answer. */
async function measureLoop(): Promise<{ steps: number; totalMs: number; inRouteMs: number; gaps: number[] }> {
  const script = [
    ...Array.from({ length: 99 }, (_, index) => ({
      text: '',
      toolCalls: [{ toolName: 'think', input: { thought: `step ${index + 1}` } }],
    })),
    { text: 'Done.' },
  ];
  let inRouteMs = 0;
  const requestStarts: number[] = [];
  const routeFetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    const started = performance.now();
    requestStarts.push(started);
    const response = await handleChatRequest(new Request('http://local/api/chat', init), { simulatedChunkDelayMs: 0 });
    // The route's own time includes producing the whole stream; read it here so the loop only parses.
    const body = await response.text();
    inRouteMs += performance.now() - started;
    return new Response(body, { status: response.status, headers: response.headers });
  }) as typeof fetch;
  let steps = 0;
  const started = performance.now();
  for (let run = 0; run < 10; run++) {
    const store = createSessionStore();
    store.getState().updateSettings({
      provider: 'simulated',
      model: 'simulated-scripted',
      script,
      maxSteps: 100,
      parallelToolCalls: false,
    });
    store
      .getState()
      .addTools([
        { definition: CORE_TOOL_DEFINITIONS.find((tool) => tool.name === 'think')!, run: { kind: 'sandbox' } },
      ]);
    const chat = createSessionChat({ store, checker, getSandbox, fetch: routeFetch });
    await chat.sendMessage({ text: 'think 99 times' });
    await settle(chat);
    steps += store
      .getState()
      .messages.flatMap((message) => message.parts)
      .filter((part) => part.type === 'step-start').length;
  }
  const gaps = requestStarts
    .slice(1)
    .map((at, index) => at - requestStarts[index])
    .filter((_, index) => (index + 1) % 100 !== 0);
  return { steps, totalMs: performance.now() - started, inRouteMs, gaps };
}

test('executor and loop figures', async () => {
  const figures: Figure[] = [];
  figures.push(
    await measure(
      'executor: think (validation + dispatch + result), per call',
      () => runToolCall({ call: { toolName: 'think', input: { thought: 'x' } }, tools, getSandbox, checker }),
      2000,
    ),
  );
  figures.push(
    await measure('offline sandbox: readFile of 10 KB directly', () => sandbox.readFile('/workspace/ten-kb.txt'), 2000),
  );
  figures.push(
    await measure(
      'executor: read_file of 10 KB in the offline sandbox',
      () => runToolCall({ call: { toolName: 'read_file', input: { path: 'ten-kb.txt' } }, tools, getSandbox, checker }),
      2000,
    ),
  );
  figures.push(
    await measure(
      'executor: write_file (with state-change tracking)',
      () =>
        runToolCall({
          call: { toolName: 'write_file', input: { path: 'out.txt', content: 'x' } },
          tools,
          getSandbox,
          checker,
        }),
      500,
    ),
  );
  figures.push(
    await measure(
      'executor: bash `echo hi`',
      () => runToolCall({ call: { toolName: 'bash', input: { command: 'echo hi' } }, tools, getSandbox, checker }),
      500,
    ),
  );
  printFigures('Executor (issue 5)', figures);

  await measureLoop(); // warm-up
  const loop = await measureLoop();
  const perStep = loop.totalMs / loop.steps;
  const routePerStep = loop.inRouteMs / loop.steps;
  console.log(
    [
      `Loop over ${loop.steps} steps with the scripted simulated model (10 runs × 100 steps, in-process route):`,
      `  whole step (route + model + client loop + tool):  ${perStep.toFixed(2)} ms/step`,
      `  inside the route (request validation, model, stream): ${routePerStep.toFixed(2)} ms/step`,
      `  step time at steps 1–10 of a run: ${(loop.gaps.slice(0, 9).reduce((a, b) => a + b, 0) / 9).toFixed(2)} ms; at steps 90–99: ${(loop.gaps.slice(89, 98).reduce((a, b) => a + b, 0) / 9).toFixed(2)} ms`,
      `  loop overhead (client: request, stream parsing, store, executor, continue check): ${(perStep - routePerStep).toFixed(2)} ms/step`,
    ].join('\n'),
  );
});
