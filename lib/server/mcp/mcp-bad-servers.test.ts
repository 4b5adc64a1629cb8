import { afterEach, describe, expect, it } from 'vitest';
import { readNdjson } from '@/testing/read-ndjson';
import { type ModernMcpServer, type RewriteAnswer, startModernMcpServer } from '@/testing/start-mcp-modern-server';
import { handleMcpRequest } from './handle-mcp-request';
import { createMcpConnections } from './mcp-connections';

// Servers that misbehave (the SDK v2 test server, its answers rewritten on the way out): each
// misbehaviour is a sentence on the connection or the call — never a hung run or a thrown page.
const connections = createMcpConnections();
const post = (body: unknown) =>
  handleMcpRequest(
    new Request('http://local/api/mcp', { method: 'POST', body: JSON.stringify(body) }),
    {},
    connections,
  );

let server: ModernMcpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The test server, its answers to `method` (and, for calls, to the tool `tool`) replaced by `change(answer)`. */
async function misbehaving(method: string, change: (answer: Record<string, unknown>) => unknown, tool?: string) {
  const rewrite: RewriteAnswer = (request, answer) => {
    if (request.method !== method) return undefined;
    if (tool && (request.params as { name?: string } | undefined)?.name !== tool) return undefined;
    return change(answer as Record<string, unknown>);
  };
  server = await startModernMcpServer(0, rewrite);
  return server.url;
}

const withResult = (answer: Record<string, unknown>, result: unknown) => ({ ...answer, result });

async function connect(url: string) {
  const response = await post({ action: 'connect', url });
  return { status: response.status, body: await response.json() };
}

describe('a server that lies about its revision', () => {
  it('discover offers only a revision that does not exist: the client falls back to 2025-11-25, which the server also serves', async () => {
    const url = await misbehaving('server/discover', (answer) =>
      withResult(answer, { ...(answer.result as object), supportedVersions: ['2031-01-01'] }),
    );
    // The revisions the two sides share: none of the current era, so the initialize handshake of 2025.
    const { status, body } = await connect(url);
    expect(status).toBe(200);
    expect(body.server.protocolVersion).toBe('2025-11-25');
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'echo',
      'tally',
      'regional_echo',
      'greet',
      'quarterly_report',
    ]);
  });

  it('initialize answers with a revision the client never offered: refused with a sentence', async () => {
    server = await startModernMcpServer(0, (request, answer) => {
      const sent = answer as Record<string, unknown>;
      if (request.method === 'server/discover')
        return { jsonrpc: '2.0', id: sent.id, error: { code: -32601, message: 'Method not found' } };
      if (request.method === 'initialize')
        return withResult(sent, { ...(sent.result as object), protocolVersion: '1999-01-01' });
      return undefined;
    });
    const { status, body } = await connect(server.url);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body.error.message).toBe(
      `The MCP server at ${server.url} answered in protocol revision "1999-01-01", which the playground's MCP client does not speak (it speaks 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07).`,
    );
  });
});

describe('a call whose answer is malformed or too large', () => {
  /** Calls `tool` on a server whose answer to it is `result`; the call's lines. */
  async function callAnsweredWith(result: unknown, tool: string, args: Record<string, unknown> = {}) {
    const url = await misbehaving('tools/call', (answer) => withResult(answer, result), tool);
    const { body } = await connect(url);
    return readNdjson(await post({ action: 'call', connectionId: body.connectionId, name: tool, arguments: args }));
  }

  it('a malformed input_required (its requests not an object) ends the call with a sentence', async () => {
    const lines = await callAnsweredWith(
      { resultType: 'input_required', inputRequests: 'What is your name?' },
      'greet',
    );
    expect(lines.at(-1)).toMatchObject({
      type: 'error',
      error: { message: expect.stringMatching(/^The MCP server modern-test-server: Invalid result for tools\/call/) },
    });
    expect(lines.some((line) => (line as { type: string }).type === 'input')).toBe(false);
  });

  it('an input_required that asks for nothing ends the call with a sentence, not a loop', async () => {
    const lines = await callAnsweredWith({ resultType: 'input_required', inputRequests: {} }, 'greet');
    expect(lines.at(-1)).toMatchObject({
      type: 'error',
      error: { message: expect.stringContaining('input_required carries neither inputRequests nor requestState') },
    });
  });

  it('a 10 MB structured result is cut at 4 MB with the reason', async () => {
    const lines = await callAnsweredWith(
      {
        content: [{ type: 'text', text: 'big' }],
        structuredContent: Array.from({ length: 10 * 1024 }, () => 'x'.repeat(1024)),
      },
      'tally',
      { to: 1 },
    );
    expect(lines.at(-1)).toMatchObject({
      type: 'error',
      error: { message: expect.stringContaining('larger than 4 MB') },
    });
  });
});

describe('a tool whose schema has a $ref cycle', () => {
  const looping = {
    name: 'loop',
    description: 'A schema that refers to itself without end.',
    inputSchema: {
      type: 'object',
      properties: { node: { $ref: '#/$defs/n' } },
      $defs: { n: { $ref: '#/$defs/n' } },
    },
  };

  it("is listed as sent, and a call to it ends with the server's sentence", async () => {
    const url = await misbehaving('tools/list', (answer) => {
      const result = answer.result as { tools: unknown[] };
      return withResult(answer, { ...result, tools: [...result.tools, looping] });
    });
    const { status, body } = await connect(url);
    expect(status).toBe(200);
    const lines = await readNdjson(
      await post({ action: 'call', connectionId: body.connectionId, name: 'loop', arguments: { node: 1 } }),
    );
    // Listed as the server sent it (the page's checks judge the schema; lib/tools tests the cycle there)…
    expect(body.tools.find((tool: { name: string }) => tool.name === 'loop')?.inputSchema).toEqual(looping.inputSchema);
    // …and a call is the server's to answer: this one does not know the tool it listed.
    expect(lines).toEqual([
      {
        type: 'error',
        error: { code: 'server_error', message: 'The MCP server modern-test-server: Tool loop not found' },
      },
    ]);
  });
});

describe('tools whose x-mcp-header the SDK refuses', () => {
  const withHeader = (name: string, property: Record<string, unknown>) => ({
    name,
    inputSchema: { type: 'object', properties: { value: property } },
  });
  const listed = [
    withHeader('spaced', { type: 'string', 'x-mcp-header': 'Has Space' }),
    withHeader('on_object', { type: 'object', 'x-mcp-header': 'Region' }),
    withHeader('fine', { type: 'string', 'x-mcp-header': 'Region' }),
  ];
  const addListed = (answer: Record<string, unknown>) => {
    const result = answer.result as { tools: unknown[] };
    return withResult(answer, { ...result, tools: [...result.tools, ...listed] });
  };

  it('on 2026-07-28 they are left out of the list, each named with the reason the SDK gives', async () => {
    const { status, body } = await connect(await misbehaving('tools/list', addListed));
    expect(status).toBe(200);
    expect(body.server.protocolVersion).toBe('2026-07-28');
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'echo',
      'tally',
      'greet',
      'quarterly_report',
      'fine',
    ]);
    expect(body.leftOut).toEqual([
      {
        name: 'regional_echo',
        reason:
          "region: x-mcp-header 'Has Space' is not a valid RFC 9110 token (no spaces, control characters or HTTP delimiters)",
      },
      {
        name: 'spaced',
        reason:
          "value: x-mcp-header 'Has Space' is not a valid RFC 9110 token (no spaces, control characters or HTTP delimiters)",
      },
      {
        name: 'on_object',
        reason:
          'value: x-mcp-header is only permitted on primitive-typed properties (string, integer, boolean); got object',
      },
    ]);
    // The list action says the same.
    const again = await (await post({ action: 'tools', connectionId: body.connectionId })).json();
    expect(again.leftOut.map((tool: { name: string }) => tool.name)).toEqual(['regional_echo', 'spaced', 'on_object']);
  });

  it('on 2025-11-25, which has no such headers, every tool is listed', async () => {
    server = await startModernMcpServer(0, (request, answer) => {
      const sent = answer as Record<string, unknown>;
      if (request.method === 'server/discover')
        return { jsonrpc: '2.0', id: sent.id, error: { code: -32601, message: 'Method not found' } };
      return request.method === 'tools/list' ? addListed(sent) : undefined;
    });
    const { body } = await connect(server.url);
    expect(body.server.protocolVersion).toBe('2025-11-25');
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'echo',
      'tally',
      'regional_echo',
      'greet',
      'quarterly_report',
      'spaced',
      'on_object',
      'fine',
    ]);
    expect(body.leftOut).toEqual([]);
  });
});
