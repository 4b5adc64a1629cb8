import {
  AbstractChat,
  type ChatState,
  type ChatStatus,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import { expect, test } from 'vitest';
import { createSessionChat } from '@/lib/agent/create-session-chat';
import { runToolCall } from '@/lib/agent/run-tool-call';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '@/lib/shapes/example-files';
import { handleChatRequest } from '@/lib/server/handle-chat-request';
import { createSessionStore } from '@/lib/session/session-store';
import { CORE_TOOL_DEFINITIONS } from '@/lib/shapes/core-tool-definitions';
import { checkToolDrafts } from '@/lib/tools/check-tool-drafts';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';
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

/** The AI SDK's chat with nothing of the playground's: its state a plain array. */
class BareChat extends AbstractChat<UIMessage> {}
function memoryChatState(): ChatState<UIMessage> {
  let messages: UIMessage[] = [];
  let status: ChatStatus = 'ready';
  let error: Error | undefined;
  return {
    get status() {
      return status;
    },
    set status(next) {
      status = next;
    },
    get error() {
      return error;
    },
    set error(next) {
      error = next;
    },
    get messages() {
      return messages;
    },
    set messages(next) {
      messages = next;
    },
    pushMessage: (message) => {
      messages = [...messages, message];
    },
    popMessage: () => {
      messages = messages.slice(0, -1);
    },
    replaceMessage: (index, message) => {
      messages = [...messages.slice(0, index), message, ...messages.slice(index + 1)];
    },
    snapshot: (value) => value,
  };
}

/** Resolves as soon as the run has answered "Done." (polled between tasks, not on a timer). */
async function finished(chat: { status: ChatStatus; messages: UIMessage[] }) {
  const done = () =>
    chat.status === 'ready' &&
    chat.messages.at(-1)?.parts.some((part) => part.type === 'text' && part.text === 'Done.');
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * 1,000 steps: 10 runs of 100 steps each (the step limit's maximum), 99 `think` calls then an
 * answer — through the playground's driver, or the AI SDK's chat alone (`bare`: a plain
 * array for state, each call answered at once) for the floor.
 */
async function measureLoop(
  driver: 'playground' | 'bare',
): Promise<{ steps: number; totalMs: number; inRouteMs: number; gaps: number[] }> {
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
  const settings = {
    provider: 'simulated' as const,
    model: 'simulated-scripted',
    script,
    maxSteps: 100,
    parallelToolCalls: false,
  };
  const think = CORE_TOOL_DEFINITIONS.find((tool) => tool.name === 'think')!;
  let steps = 0;
  const started = performance.now();
  for (let run = 0; run < 10; run++) {
    let messages: UIMessage[];
    if (driver === 'playground') {
      const store = createSessionStore();
      store.getState().updateSettings(settings);
      store.getState().addTools([{ definition: think, run: { kind: 'sandbox' } }]);
      const chat = createSessionChat({ store, checker, getSandbox, fetch: routeFetch });
      await chat.sendMessage({ text: 'think 99 times' });
      await finished(chat);
      messages = store.getState().messages;
    } else {
      const chat: BareChat = new BareChat({
        state: memoryChatState(),
        transport: new DefaultChatTransport<UIMessage>({
          api: '/api/chat',
          fetch: routeFetch,
          prepareSendMessagesRequest: ({ messages: sent }) => ({
            body: {
              messages: sent,
              tools: [{ name: think.name, description: think.description, inputSchema: think.parameters }],
              settings,
            },
          }),
        }),
        sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
        onToolCall: ({ toolCall }) =>
          void chat.addToolOutput({ tool: 'think', toolCallId: toolCall.toolCallId, output: { recorded: true } }),
      });
      await chat.sendMessage({ text: 'think 99 times' });
      await finished(chat);
      messages = chat.messages;
    }
    steps += messages.flatMap((message) => message.parts).filter((part) => part.type === 'step-start').length;
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
  printFigures('Executor', figures);

  await measureLoop('playground'); // warm-up
  await measureLoop('bare');
  const loop = await measureLoop('playground');
  const bare = await measureLoop('bare');
  const perStep = (run: typeof loop) => run.totalMs / run.steps;
  const routePerStep = (run: typeof loop) => run.inRouteMs / run.steps;
  const overhead = (run: typeof loop) => perStep(run) - routePerStep(run);
  const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    [
      `Loop over ${loop.steps} steps with the scripted simulated model (10 runs × 100 steps, in-process route):`,
      `  whole step (route + model + client loop + tool):  ${perStep(loop).toFixed(2)} ms/step`,
      `  inside the route (request validation, model, stream): ${routePerStep(loop).toFixed(2)} ms/step`,
      `  step time at steps 1–10 of a run: ${average(loop.gaps.slice(0, 9)).toFixed(2)} ms; at steps 90–99: ${average(loop.gaps.slice(89, 98)).toFixed(2)} ms`,
      `  loop overhead (client: request, stream parsing, store, executor, continue check): ${overhead(loop).toFixed(2)} ms/step — budget 1 ms`,
      `  the AI SDK's chat alone on the same route (array state, calls answered at once): ${overhead(bare).toFixed(2)} ms/step over the route`,
      `  the playground's own share (store, executor, events, checks): ${(overhead(loop) - overhead(bare)).toFixed(2)} ms/step`,
    ].join('\n'),
  );
  expect
    .soft(overhead(loop), 'loop overhead per step (ms; the loop must not slow a run the model makes fast)')
    .toBeLessThanOrEqual(1);
});
