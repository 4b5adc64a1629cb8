import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleChatRequest } from './handle-chat-request';
import { handleWireRequest } from './handle-wire-request';
import { refuseDownloads } from './refuse-downloads';
import { streamChatTurn } from './stream-chat-turn';

/** A loopback "internal service" a message might name: it records every request and would answer 100 MB. */
let internal: { url: string; hits: string[]; server: Server };
beforeAll(async () => {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('INTERNAL-SECRET-TEXT-2');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  internal = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
});
afterAll(() => internal.server.close());

const withFile = (url: string, mediaType = 'text/plain') => ({
  messages: [
    {
      id: 'u',
      role: 'user',
      parts: [
        { type: 'text', text: 'what does this say?' },
        { type: 'file', mediaType, url },
      ],
    },
  ],
  tools: [],
  settings: { provider: 'simulated', model: 'simulated-1' },
});
const request = (path: string, body: unknown) =>
  new Request(`http://local${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the server never downloads what a message names', () => {
  it('refuses a file part that names a URL, on /api/chat and /api/wire, with a sentence — nothing is fetched', async () => {
    const chat = await handleChatRequest(request('/api/chat', withFile(`${internal.url}/secret.txt`)), {
      simulatedChunkDelayMs: 0,
    });
    expect(chat.status).toBe(400);
    expect((await chat.json()).error.message).toMatch(/never downloads a file a message names/);
    for (const format of ['anthropic', 'gemini', 'openai-chat'] as const) {
      const wire = await handleWireRequest(request('/api/wire', { ...withFile(`${internal.url}/secret.txt`), format }));
      expect(wire.status).toBe(400);
      expect(await wire.text()).not.toContain('INTERNAL-SECRET');
    }
    expect(internal.hits).toEqual([]);
  });

  it('a URL that got past the check is still not fetched: every streamText downloads through refuseDownloads', async () => {
    await expect(
      refuseDownloads([{ url: new URL(`${internal.url}/x`), isUrlSupportedByModel: false }]),
    ).rejects.toThrow('never downloads a file a message names');
    const body = withFile(`${internal.url}/secret.txt`) as Parameters<typeof streamChatTurn>[0];
    const response = await streamChatTurn(body, { simulatedChunkDelayMs: 0 });
    const text = await response.text();
    expect(text).toContain('never downloads a file a message names');
    expect(text).not.toContain('INTERNAL-SECRET');
    expect(internal.hits).toEqual([]);
  });

  it('a file that carries its data is counted by its size, not written out: a 4 MB file is a few tokens', async () => {
    const data = `data:application/octet-stream;base64,${Buffer.alloc(3 * 1024 * 1024, 7).toString('base64')}`;
    const response = await handleChatRequest(request('/api/chat', withFile(data, 'application/octet-stream')), {
      simulatedChunkDelayMs: 0,
    });
    expect(response.status).toBe(200);
    const step = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; data?: { inputTokens?: number } })
      .find((part) => part.type === 'data-step');
    expect(step?.data?.inputTokens).toBeGreaterThan(0);
    expect(step?.data?.inputTokens).toBeLessThan(2_000);
  });
});
