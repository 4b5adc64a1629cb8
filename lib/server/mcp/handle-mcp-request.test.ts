import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';
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
    expect(await called.json()).toMatchObject({
      result: { content: [{ type: 'text', text: expect.stringContaining('5') }] },
    });

    const again = await post({ action: 'tools', connectionId });
    expect((await again.json()).tools.length).toBe(tools.length);

    expect(await (await post({ action: 'disconnect', connectionId })).json()).toEqual({ ok: true });
    const closed = await post({ action: 'call', connectionId, name: 'echo', arguments: { message: 'x' } });
    expect(closed.status).toBe(404);
    expect((await closed.json()).error.message).toMatch(/closed .* connect again/);
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
    expect(JSON.parse(text).error.message).toMatch(
      /^Could not reach the MCP server at http:\/\/127\.0\.0\.1:9\/mcp.*\. Is the server running and the base URL right\?$/,
    );
    expect(text).not.toContain('sk-mcp-secret');
  });

  it('a bad body names its field; a made-up connection id is refused', async () => {
    const bad = await post({ action: 'call', connectionId: 'guess', name: 'echo', arguments: {} });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^Invalid field "connectionId"/);
  });
});
