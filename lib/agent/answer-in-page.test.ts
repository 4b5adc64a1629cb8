import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeEngine } from '../../scripts/llama-node/create-node-engine';
import { openModelFileOrThrow } from '../../scripts/llama-node/open-model-file';
import { tinyGgufPath } from '../../testing/tiny-gguf-path';
import { createLocalModel } from '../providers/local-model/create-local-model';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { createInPageFetch } from './answer-in-page';
import { CHAT_ROUTE } from './chat-route';

let engine: NodeEngine;
let access: Parameters<typeof createInPageFetch>[1];

beforeAll(async () => {
  const opened = await openModelFileOrThrow(tinyGgufPath(), 2048);
  engine = opened.engine;
  const model = createLocalModel({ engine, info: opened.info, modelId: 'tiny-tools.gguf' });
  access = async () => ({ ok: true, model });
}, 300_000);
afterAll(() => engine?.dispose());

const body = (provider: string, toolChoice: unknown = 'required') =>
  JSON.stringify({
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Read notes.txt' }] }],
    tools: [
      {
        name: 'read_file',
        description: 'Read a file.',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string', enum: ['notes.txt', 'a.md'] } },
          required: ['path'],
        },
      },
      { name: 'list_files', description: 'List files.', inputSchema: { type: 'object', properties: {} } },
    ],
    settings: { ...DEFAULT_RUN_SETTINGS, provider, model: 'tiny-tools.gguf', toolChoice, temperature: 1, seed: 3 },
  });

/** The UI message stream's chunks (server-sent events). */
async function chunksOf(response: Response): Promise<{ type: string; [key: string]: unknown }[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)));
}

describe('a model step answered in the page', () => {
  it('answers a chat request for the browser provider with a UI message stream: the call, its decision, the step report', async () => {
    let passedThrough = 0;
    const fetch = createInPageFetch(async () => {
      passedThrough++;
      return new Response('not here');
    }, access);
    const response = await fetch(CHAT_ROUTE, { method: 'POST', body: body('browser') });
    const chunks = await chunksOf(response);
    expect(passedThrough).toBe(0);
    const call = chunks.find((chunk) => chunk.type === 'tool-input-available');
    expect(call).toMatchObject({ toolName: expect.stringMatching(/^(read_file|list_files)$/) });
    if (call?.toolName === 'read_file') expect(['notes.txt', 'a.md']).toContain((call.input as { path: string }).path);
    const local = chunks.find((chunk) => chunk.type === 'data-local') as unknown as {
      data: { decision: { text: number; tools: Record<string, number> } };
    };
    expect(local.data.decision.text).toBe(0);
    expect(local.data.decision.tools.read_file + local.data.decision.tools.list_files).toBeCloseTo(1, 9);
    expect(chunks.find((chunk) => chunk.type === 'data-local-prompt')).toMatchObject({
      data: { prompt: expect.stringContaining('<tools>') },
    });
    expect(chunks.find((chunk) => chunk.type === 'data-step')).toMatchObject({
      data: { provider: 'browser', finishReason: 'tool-calls' },
    });
  }, 120_000);

  it('tool choice none: whatever the model writes is text, even what reads like a call (the random model writes <tool_call>)', async () => {
    const fetch = createInPageFetch(async () => new Response('not here'), access);
    const response = await fetch(CHAT_ROUTE, { method: 'POST', body: body('browser', 'none') });
    const chunks = await chunksOf(response);
    const local = chunks.find((chunk) => chunk.type === 'data-local');
    const written = (local?.data as { output?: string } | undefined)?.output;
    const text = chunks
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');
    expect(chunks.filter((chunk) => chunk.type === 'error' || chunk.type === 'tool-input-available')).toEqual([]);
    expect(text).toBe(written);
    expect(text.length).toBeGreaterThan(0);
  }, 120_000);

  it('passes every other provider through to the route', async () => {
    const fetch = createInPageFetch(async () => new Response('the route'), access);
    expect(await (await fetch(CHAT_ROUTE, { method: 'POST', body: body('simulated') })).text()).toBe('the route');
  });

  it('says why when no model is loaded', async () => {
    const fetch = createInPageFetch(
      async () => new Response('the route'),
      async () => ({ ok: false, error: 'Load a model file first.' }),
    );
    const response = await fetch(CHAT_ROUTE, { method: 'POST', body: body('browser') });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'runs_in_browser', message: 'Load a model file first.' } });
  });
});
