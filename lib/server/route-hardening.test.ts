import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../limits/input-limits';
import { handleChatRequest } from './handle-chat-request';

/** SECURITY.md: the chat route as an attacker would call it. */

const USER = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] };
const post = (body: unknown, env: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  handleChatRequest(
    new Request('http://local/api/chat', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    {
      simulatedChunkDelayMs: 0,
      env,
      retryPolicy: { maxRetries: 1, initialBackoffMs: 1, maxBackoffMs: 1, multiplier: 1 },
      timeouts: { firstChunkMs: 2000, chunkMs: 2000, stepMs: 5000 },
    },
  );
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;
/** Every `error` part's text in a UI message stream. */
const streamErrors = async (response: Response) =>
  (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; errorText?: string; data?: { reason?: string } });

/** A loopback server whose every answer is chosen by the test; it records what reached it. */
type Loopback = { url: string; hits: { path: string; headers: Record<string, unknown> }[]; server: Server };
async function startLoopback(
  answer: (path: string) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<Loopback> {
  const hits: Loopback['hits'] = [];
  const server = createServer((request, response) => {
    hits.push({ path: request.url ?? '', headers: request.headers });
    request.resume();
    const { status, headers, body } = answer(request.url ?? '');
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

describe('item 1: a user regex never stalls the server', () => {
  it('validates a ReAct decision against "^(a+)+$" in linear time', async () => {
    const args = { s: `${'a'.repeat(34)}!` };
    const response = await post({
      messages: [USER],
      tools: [
        {
          name: 'match',
          description: 'Matches.',
          inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } }, required: ['s'] },
        },
      ],
      settings: {
        provider: 'simulated',
        model: 'simulated-scripted',
        mode: 'react',
        script: [{ text: JSON.stringify({ type: 'call_tool', tool: 'match', args }) }],
      },
    });
    const parts = await streamErrors(response);
    // A backtracking engine needs minutes for 34 a's (past the test's time-out); RE2 well under a millisecond.
    expect(JSON.stringify(parts)).toContain('must match pattern');
  });
});

describe('items 6 and 10: size and depth are bounded at the door', () => {
  it('answers 413 with a sentence to a body over the limit, without reading it all', async () => {
    const big = JSON.stringify({
      messages: [{ ...USER, parts: [{ type: 'text', text: 'x'.repeat(INPUT_LIMITS.maxChatBodyBytes) }] }],
      tools: [],
      settings: { provider: 'simulated', model: 'simulated-1' },
    });
    const declared = await post(big, {}, { 'content-length': String(big.length) });
    expect(declared.status).toBe(413);
    expect(await errorOf(declared)).toEqual({
      code: 'body_too_large',
      message: 'The request body is larger than 5 MB. Send fewer or smaller messages, or start a new session.',
    });
    // No Content-Length (a chunked upload): counted while streaming.
    const stream = new ReadableStream({
      start(controller) {
        for (let sent = 0; sent < 8 * 1024 * 1024; sent += 1024 * 1024)
          controller.enqueue(new TextEncoder().encode('x'.repeat(1024 * 1024)));
        controller.close();
      },
    });
    const chunked = await handleChatRequest(
      new Request('http://local/api/chat', { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
      { simulatedChunkDelayMs: 0 },
    );
    expect(chunked.status).toBe(413);
  });

  it('answers 400 naming the limit to a body nested 10,000 levels deep (no stack overflow, no 200)', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const body = `{"messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"hi"},{"type":"data-x","data":${deep}}]}],"tools":[],"settings":{"provider":"simulated","model":"simulated-1"}}`;
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: 'body_too_deep',
      message: `The request body cannot be used: it nests deeper than ${INPUT_LIMITS.maxJsonDepth} levels (the limit for messages, tool schemas and arguments).`,
    });
    const deepSchema = `${'{"items":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const schema = await post(
      `{"messages":[${JSON.stringify(USER)}],"tools":[{"name":"t","description":"","inputSchema":${deepSchema}}],"settings":{"provider":"simulated","model":"simulated-1"}}`,
    );
    expect(schema.status).toBe(400);
  });

  it('does not echo invalid messages back', async () => {
    const junk = 'J'.repeat(200_000);
    const response = await post({
      messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 5, junk }] }],
      tools: [],
      settings: { provider: 'simulated', model: 'simulated-1' },
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_messages');
    expect(error.message.length).toBeLessThan(700);
    expect(error.message).not.toContain('JJJJJJJJ');
  });
});

describe('items 4, 5 and 14: base URLs, redirects, keys', () => {
  const SERVER_KEY = 'sk-server-0123456789abcdefghij';
  let elsewhere: Loopback;
  let redirector: Loopback;
  let chatty: Loopback;
  beforeAll(async () => {
    elsewhere = await startLoopback(() => ({ status: 200, body: '{}' }));
    redirector = await startLoopback((path) => ({
      status: path.includes('302') ? 302 : 307,
      headers: { location: `${elsewhere.url}/steal` },
    }));
    // An error body as a random loopback service might send: huge, with control characters and the key, partly masked.
    chatty = await startLoopback(() => ({
      status: 400,
      body: JSON.stringify({
        error: {
          message: `Bad request for key ${SERVER_KEY.slice(0, 12)}****${SERVER_KEY.slice(-4)} \u001b[31m${'z'.repeat(50_000)}`,
        },
      }),
    }));
  });
  afterAll(() =>
    Promise.all([elsewhere, redirector, chatty].map(({ server }) => new Promise((resolve) => server.close(resolve)))),
  );

  const settings = (patch: Record<string, unknown>) => ({ provider: 'openai-compatible', model: 'm', ...patch });

  it('never follows a redirect, and says where it pointed', async () => {
    for (const path of ['/v1-302', '/v1-307']) {
      const response = await post(
        { messages: [USER], tools: [], settings: settings({ baseURL: `${redirector.url}${path}` }) },
        { OPENAI_COMPATIBLE_API_KEY: SERVER_KEY, OPENAI_COMPATIBLE_BASE_URL: `${redirector.url}${path}` },
      );
      const errors = (await streamErrors(response)).filter((part) => part.type === 'error');
      expect(errors.map((part) => part.errorText)).toEqual([
        `OpenAI-compatible: the server answered with a redirect (HTTP ${path.endsWith('302') ? 302 : 307} to ${elsewhere.url}), which the playground never follows. Use the final address as the base URL.`,
      ]);
    }
    expect(elsewhere.hits).toEqual([]);
  });

  it("sends the server's key only to the provider's home, never to a base URL a request names", async () => {
    const before = chatty.hits.length;
    // OpenAI with a server key and a caller-chosen loopback URL: refused, nothing sent.
    const openai = await post(
      { messages: [USER], tools: [], settings: { provider: 'openai', model: 'gpt-4o', baseURL: `${chatty.url}/v1` } },
      { OPENAI_API_KEY: SERVER_KEY },
    );
    expect(openai.status).toBe(401);
    expect((await errorOf(openai)).message).toBe(
      `The server's OPENAI_API_KEY is sent only to https://api.openai.com/v1 (an operator can name another address in OPENAI_BASE_URL). Type a key in the run settings to call ${chatty.url}/v1.`,
    );
    expect(chatty.hits.length).toBe(before);
    // OpenAI-compatible (no key needed): the request goes, without the server's key.
    await (
      await post(
        { messages: [USER], tools: [], settings: settings({ baseURL: `${chatty.url}/v1` }) },
        { OPENAI_COMPATIBLE_API_KEY: SERVER_KEY },
      )
    ).text();
    expect(chatty.hits.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('refuses base URLs that are not plain http(s) addresses', async () => {
    for (const baseURL of [
      'file:///etc/passwd',
      'http://user:pass@127.0.0.1:1/v1',
      'http://127.0.0.1:1/v1$(touch${IFS}PWNED)',
      'gopher://127.0.0.1:70/',
    ]) {
      const response = await post({ messages: [USER], tools: [], settings: settings({ baseURL }) });
      expect(response.status, baseURL).toBe(400);
      expect((await errorOf(response)).message).toMatch(/^Invalid field "settings\.baseURL": /);
    }
  });

  it('shows a short, one-line, redacted version of an error body', async () => {
    const response = await post(
      { messages: [USER], tools: [], settings: settings({ baseURL: `${chatty.url}/v1` }) },
      {},
      { 'x-provider-key': SERVER_KEY },
    );
    const [error] = (await streamErrors(response)).filter((part) => part.type === 'error');
    expect(error.errorText).toMatch(
      /^OpenAI-compatible refused the request \(HTTP 400\): Bad request for key \[redacted\]\*\*\*\*ghij +\[31mz+… \(\d[\d,]* more characters\)$/,
    );
    expect(error.errorText!.length).toBeLessThan(700);
    expect(error.errorText).not.toContain('\u001b');
  });

  it('redacts the key from retry reasons too', async () => {
    let calls = 0;
    // A proxy that fails with the key in its words (spaced out), then answers.
    const flakyFetch = (async () => {
      calls++;
      throw new TypeError(`network error: upstream refused key ${SERVER_KEY.slice(0, 10)} ${SERVER_KEY.slice(10)}`);
    }) as unknown as typeof fetch;
    const response = await handleChatRequest(
      new Request('http://local/api/chat', {
        method: 'POST',
        headers: { 'x-provider-key': SERVER_KEY },
        body: JSON.stringify({ messages: [USER], tools: [], settings: settings({ baseURL: `${chatty.url}/v1` }) }),
      }),
      {
        simulatedChunkDelayMs: 0,
        env: {},
        fetch: flakyFetch,
        retryPolicy: { maxRetries: 2, initialBackoffMs: 1, maxBackoffMs: 1, multiplier: 1 },
      },
    );
    const text = JSON.stringify(await streamErrors(response));
    expect(calls).toBe(3);
    expect(text).toContain('"type":"data-retry"');
    expect(text).toContain('network error: upstream refused key [redacted]');
    expect(text).not.toContain(SERVER_KEY.slice(0, 10));
    expect(text).not.toContain(SERVER_KEY.slice(10));
  });
});
