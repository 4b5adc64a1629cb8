import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';
import { readNdjson } from '@/testing/read-ndjson';
import { handleMcpRequest } from './handle-mcp-request';
import { createMcpConnections } from './mcp-connections';

let server: McpEverything;
beforeAll(async () => {
  server = await startMcpEverything();
}, 30_000);
afterAll(() => server.close());

const connections = createMcpConnections();
const post = (body: unknown, env: Record<string, string> = {}) =>
  handleMcpRequest(
    new Request('http://local/api/mcp', { method: 'POST', body: JSON.stringify(body) }),
    env,
    connections,
  );

describe('POST /api/mcp against the reference MCP server', () => {
  it('connects (server, capabilities, tools), calls a tool, disconnects; a closed connection says so', async () => {
    const connected = await post({ action: 'connect', url: server.url });
    expect(connected.status).toBe(200);
    const { connectionId, server: info, tools } = await connected.json();
    expect(info).toMatchObject({ name: 'mcp-servers/everything', capabilities: expect.arrayContaining(['tools']) });
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));

    const called = await post({ action: 'call', connectionId, name: 'get-sum', arguments: { a: 2, b: 3 } });
    expect(called.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await readNdjson(called)).toEqual([
      { type: 'result', result: { content: [{ type: 'text', text: expect.stringContaining('5') }] }, toolsVersion: 0 },
    ]);

    const image = await readNdjson(await post({ action: 'call', connectionId, name: 'get-tiny-image', arguments: {} }));
    expect(image.at(-1)).toMatchObject({
      type: 'result',
      result: { content: expect.arrayContaining([expect.objectContaining({ type: 'image', mimeType: 'image/png' })]) },
    });

    const again = await post({ action: 'tools', connectionId });
    expect((await again.json()).tools.length).toBe(tools.length);

    expect(await (await post({ action: 'disconnect', connectionId })).json()).toEqual({ ok: true });
    const closed = await post({ action: 'call', connectionId, name: 'echo', arguments: { message: 'x' } });
    expect(closed.status).toBe(404);
    expect((await closed.json()).error.message).toMatch(/closed .* connect again/);
  });

  it('a long-running tool reports progress before its result', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: server.url })).json();
    const lines = await readNdjson(
      await post({
        action: 'call',
        connectionId,
        name: 'trigger-long-running-operation',
        arguments: { duration: 0.3, steps: 3 },
      }),
    );
    expect(lines.slice(0, 3)).toEqual([
      { type: 'progress', progress: 1, total: 3 },
      { type: 'progress', progress: 2, total: 3 },
      { type: 'progress', progress: 3, total: 3 },
    ]);
    expect(lines[3]).toMatchObject({
      type: 'result',
      result: { content: [{ text: expect.stringMatching(/completed/) }] },
    });
    await post({ action: 'disconnect', connectionId });
  });

  it('lists resources and prompts; reads a resource; gets a prompt with its arguments', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: server.url })).json();
    const { resources } = await (await post({ action: 'resources', connectionId })).json();
    expect(resources.length).toBeGreaterThan(0);
    const { resource } = await (await post({ action: 'read-resource', connectionId, uri: resources[0].uri })).json();
    expect(resource.contents[0]).toMatchObject({ uri: resources[0].uri });
    const { prompts } = await (await post({ action: 'prompts', connectionId })).json();
    expect(prompts.map((prompt: { name: string }) => prompt.name)).toEqual(
      expect.arrayContaining(['simple-prompt', 'args-prompt']),
    );
    const { prompt } = await (
      await post({ action: 'get-prompt', connectionId, name: 'args-prompt', arguments: { city: 'Lyon' } })
    ).json();
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: "What's weather in Lyon?" });
    await post({ action: 'disconnect', connectionId });
  });

  it('refuses a server that is not on this machine unless the operator allows its host', async () => {
    const refused = await post({ action: 'connect', url: 'http://example.com/mcp' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({
      code: 'url_refused',
      message: expect.stringContaining('PLAYGROUND_ALLOWED_HOSTS'),
    });
  });

  it('an unreachable server fails with the reason, and the headers never come back', async () => {
    const secret = 'Bearer sk-mcp-secret-0123456789abcdef';
    const response = await post({
      action: 'connect',
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: secret },
    });
    expect(response.status).toBe(502);
    const text = await response.text();
    const sentence =
      'Could not connect to an MCP server at http://127.0.0.1:9/mcp: nothing there answered as one. Is the server running, the URL right (…/mcp or …/sse), and does it need headers?';
    expect(JSON.parse(text).error.message).toBe(sentence);
    expect(text).not.toContain('sk-mcp-secret');
  });

  it('says the same of a closed port and of an open one that is not an MCP server (no port scanning)', async () => {
    const { createServer } = await import('node:http');
    const web = createServer((request, response) => {
      request.resume();
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = web.address() as import('node:net').AddressInfo;
      const closed = await (await post({ action: 'connect', url: 'http://127.0.0.1:9/mcp' })).json();
      const open = await (await post({ action: 'connect', url: `http://127.0.0.1:${port}/mcp` })).json();
      expect(open.error.message.replace(String(port), 'PORT')).toBe(closed.error.message.replace('9', 'PORT'));
    } finally {
      web.close();
    }
  });

  it('a bad body names its field; a made-up connection id is refused', async () => {
    const bad = await post({ action: 'call', connectionId: 'guess', name: 'echo', arguments: {} });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^Invalid field "connectionId"/);
  });

  it('the server issues page identities: 100 connects with 100 page-chosen ids leave at most 16 from one client, and other pages connect', async () => {
    let nowMs = 1_000_000;
    const own = createMcpConnections({ now: () => nowMs });
    const connect = (body: Record<string, unknown>, address: string) =>
      handleMcpRequest(
        new Request('http://local/api/mcp', {
          method: 'POST',
          body: JSON.stringify({ action: 'connect', url: server.url, ...body }),
          headers: { 'x-forwarded-for': address },
        }),
        {},
        own,
      );
    // X-Forwarded-For is the client's to write and is not read: all 100 count as one client, whatever ids they send.
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        connect({ clientId: `tab-${index}`, page: `tab-${index}` }, '203.0.113.9'),
      ),
    );
    expect(flood.every((response) => response.status === 200 || response.status === 503)).toBe(true);
    expect(own.size()).toBeLessThanOrEqual(16);
    // A minute on, the flood's pages are no longer active: a page on the same address gets a place.
    nowMs += 61_000;
    const first = await connect({}, '198.51.100.1');
    expect(first.status).toBe(200);
    const { page } = (await first.json()) as { page: string };
    expect(page).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const again = await connect({ page }, '198.51.100.1');
    expect(((await again.json()) as { page: string }).page).toBe(page);
    expect(own.size()).toBeLessThanOrEqual(16);
  }, 60_000);
});
