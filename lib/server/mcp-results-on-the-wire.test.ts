import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-provider/start-fake-provider';
import type { RunSettings } from '../shapes/run-settings';
import { handleChatRequest } from './handle-chat-request';

/**
 * An MCP tool's result reaches each provider as that provider takes tool results —
 * checked on the body the real provider package sent (recorded by the loopback fake).
 */
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const messages: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'show me the picture' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'dynamic-tool',
        toolName: 'get_picture',
        toolCallId: 'call_pic',
        state: 'output-available',
        input: {},
        output: {
          content: [
            { type: 'text', text: 'Here is the picture.' },
            { type: 'image', data: PNG, mimeType: 'image/png' },
          ],
        },
      },
    ],
  },
];
const tools = [
  { name: 'get_picture', description: 'A picture.', inputSchema: { type: 'object', properties: {} }, results: 'mcp' },
];

async function sentBody(settings: Partial<RunSettings>) {
  const before = fake.requests.length;
  const response = await handleChatRequest(
    new Request('http://local/api/chat', {
      method: 'POST',
      headers: { 'x-provider-key': 'sk-test-0123456789abcdef' },
      body: JSON.stringify({ messages, tools, settings: { mode: 'native', model: 'fake-text', ...settings } }),
    }),
    { simulatedChunkDelayMs: 0, env: {} },
  );
  await response.text();
  return JSON.stringify(fake.requests.slice(before)[0]?.body);
}

describe('MCP results as each provider package sends them', () => {
  it('Anthropic: a tool_result with a text block and an image block', async () => {
    const body = await sentBody({ provider: 'anthropic', baseURL: `${fake.url}/anthropic/v1` });
    expect(body).toContain('"type":"tool_result"');
    expect(body).toContain(`"type":"image","source":{"type":"base64","media_type":"image/png","data":"${PNG}"}`);
    expect(body).toContain('"text":"Here is the picture."');
  });

  it('Gemini: the picture travels as inline data with the function response', async () => {
    const body = await sentBody({ provider: 'google', baseURL: `${fake.url}/google/v1beta` });
    expect(body).toContain('"functionResponse"');
    expect(body).toContain(`"inlineData":{"mimeType":"image/png","data":"${PNG}"}`);
  });

  it('OpenAI Responses: the function_call_output holds an input_text and an input_image', async () => {
    const body = await sentBody({ provider: 'openai', openaiApi: 'responses', baseURL: `${fake.url}/openai/v1` });
    expect(body).toContain('"type":"function_call_output"');
    expect(body).toContain('{"type":"input_text","text":"Here is the picture."}');
    expect(body).toContain(`"type":"input_image","image_url":"data:image/png;base64,${PNG}"`);
  });

  it('OpenAI Chat: the tool message carries the parts as JSON text (the API takes only text there)', async () => {
    const body = await sentBody({ provider: 'openai', openaiApi: 'chat', baseURL: `${fake.url}/openai/v1` });
    const sent = JSON.parse(body) as { messages: { role: string; content: unknown }[] };
    const tool = sent.messages.find((message) => message.role === 'tool');
    expect(JSON.parse(String(tool?.content))).toEqual([
      { type: 'text', text: 'Here is the picture.' },
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
    ]);
  });

  it('a tool not from MCP with the same output is sent as JSON, as before', async () => {
    const before = fake.requests.length;
    await (
      await handleChatRequest(
        new Request('http://local/api/chat', {
          method: 'POST',
          headers: { 'x-provider-key': 'sk-test-0123456789abcdef' },
          body: JSON.stringify({
            messages,
            tools: [{ ...tools[0], results: undefined }],
            settings: {
              mode: 'native',
              model: 'fake-text',
              provider: 'anthropic',
              baseURL: `${fake.url}/anthropic/v1`,
            },
          }),
        }),
        { simulatedChunkDelayMs: 0, env: {} },
      )
    ).text();
    expect(JSON.stringify(fake.requests.slice(before)[0]?.body)).not.toContain('"type":"image"');
  });
});
