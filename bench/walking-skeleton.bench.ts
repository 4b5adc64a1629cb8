import type { UIMessage } from 'ai';
import { readFileSync } from 'node:fs';
import { test } from 'vitest';
import { importToolList } from '@/lib/tools/formats/import-tool-list';
import { lintToolDefinition } from '@/lib/tools/lint/lint-rules';
import { measure, printFigures, type Figure } from './measure';
import { createSessionChat } from '@/lib/agent/create-session-chat';
import { runToolCall } from '@/lib/agent/run-tool-call';
import { createOfflineSandbox } from '@/lib/sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '@/lib/shapes/example-files';
import { handleChatRequest } from '@/lib/server/handle-chat-request';
import { createSessionStore } from '@/lib/session/session-store';
import { buildTimeline } from '@/lib/timeline/build-timeline';
import { layoutTimeline } from '@/lib/timeline/layout-timeline';
import { checkToolDrafts } from '@/lib/tools/check-tool-drafts';
import { createSchemaChecker } from '@/lib/tools/create-schema-checker';

const PROMPT = 'list the files and show me README.md';
const checker = createSchemaChecker();
const store = createSessionStore();
const tools = checkToolDrafts(store.getState().tools, checker).runnable;
const sandbox = await createOfflineSandbox(EXAMPLE_FILES);
const routeFetch = (async (_url: RequestInfo | URL, init?: RequestInit) =>
  handleChatRequest(new Request('http://local/api/chat', init), { simulatedChunkDelayMs: 0 })) as typeof fetch;

async function runLoop(): Promise<UIMessage[]> {
  const session = createSessionStore();
  const chat = createSessionChat({ store: session, checker, getSandbox: async () => sandbox, fetch: routeFetch });
  await chat.sendMessage({ text: PROMPT });
  while (
    chat.status !== 'ready' ||
    session
      .getState()
      .messages.at(-1)
      ?.parts.findLast((part) => part.type !== 'data-step')?.type !== 'text'
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return session.getState().messages;
}

const finishedRun = await runLoop();
/** A long session: the README run repeated 50 times (100 tool calls, ~350 nodes). */
const longRun: UIMessage[] = Array.from({ length: 50 }, (_, turn) =>
  finishedRun.map((message) => ({
    ...message,
    id: `${message.id}-${turn}`,
    parts: message.parts.map((part) =>
      'toolCallId' in part ? { ...part, toolCallId: `${part.toolCallId}-${turn}` } : part,
    ),
  })),
).flat() as UIMessage[];

test('walking skeleton figures', async () => {
  const figures: Figure[] = [];
  figures.push(
    await measure('POST /api/chat: one simulated step, whole stream read (in-process)', async () => {
      const response = await handleChatRequest(
        new Request('http://local/api/chat', {
          method: 'POST',
          body: JSON.stringify({
            messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: PROMPT }] }],
            tools: tools.map((tool) => tool.spec),
            settings: store.getState().settings,
          }),
        }),
        { simulatedChunkDelayMs: 0 },
      );
      await response.text();
    }),
  );

  figures.push(
    await measure('whole README run: 2 model steps + 2 tool calls (in-process route)', async () => {
      await runLoop();
    }),
  );

  figures.push(
    await measure('executor: read_file README.md in the offline sandbox', async () => {
      await runToolCall({
        call: { toolName: 'read_file', input: { path: 'README.md' } },
        tools,
        getSandbox: async () => sandbox,
        checker,
      });
    }),
  );

  figures.push(
    await measure('checkToolDrafts: the 4 default tools, first check (new checker)', () => {
      checkToolDrafts(store.getState().tools, createSchemaChecker());
    }),
  );

  figures.push(
    await measure('checkToolDrafts: the 4 default tools, re-check after an edit elsewhere', () => {
      checkToolDrafts(store.getState().tools, checker);
    }),
  );

  figures.push(
    await measure(
      `timeline: derive + dagre layout of ${buildTimeline({ messages: longRun }).nodes.length} nodes`,
      () => {
        layoutTimeline(buildTimeline({ messages: longRun }));
      },
    ),
  );
  const corpus = readFileSync(new URL('../fixtures/corpus/bfcl-functions.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n');
  figures.push(
    await measure(
      `tool editor: import + lint (3 providers) all ${corpus.length} BFCL tools`,
      () => {
        for (const line of corpus) {
          const imported = importToolList(line);
          if (!imported.ok) throw new Error(imported.message);
          for (const target of ['openai', 'anthropic', 'google'] as const)
            lintToolDefinition(imported.tools[0].definition, target);
        }
      },
      10,
    ),
  );
  printFigures('Walking skeleton', figures);
}, 120_000);
