import { describe, expect, it } from 'vitest';
import { readMcpWireAnswer } from '@/lib/mcp/mcp-wire-answer';
import type { McpWireExchange } from '@/lib/shapes/mcp-wire';
import { startModernMcpServer } from '@/testing/start-mcp-modern-server';
import { callAnswering, withMcpTestServers } from './mcp-test-servers';

const { servers, post } = withMcpTestServers();

// The Tasks extension of 2026-07-28 (SEP-2663) through `@modelcontextprotocol/ext-tasks`, against
// the SDK v2 test server with the extension served in front of it (testing/mcp-tasks-v2-layer.ts,
// whose every answer is parsed with the extension's own schemas).
describe('a tool that runs as a task on 2026-07-28 (the Tasks extension)', () => {
  it('is called through the extension: each status is a progress line, its question waits for you, and its result comes back', async () => {
    const { connectionId, server, tools } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    expect(server.protocolVersion).toBe('2026-07-28');
    // A 2026-07-28 tool declares no task support: the server refuses a call that does not declare the extension (-32021).
    expect(tools.map((tool: { name: string }) => tool.name)).toContain('quarterly_report');
    const asked: string[] = [];
    const { lines, answers } = await callAnswering(post, connectionId, 'quarterly_report', (input) => {
      asked.push(input.message);
      expect(input.requestedSchema).toMatchObject({ properties: { quarter: { enum: ['Q1', 'Q2', 'Q3', 'Q4'] } } });
      return { action: 'accept', content: { quarter: 'Q2' } };
    });
    expect(asked).toEqual(['Which quarter should the report cover?']);
    expect(answers).toEqual([200]);
    const progress = lines.filter((line) => line.type === 'progress').map((line) => line.message);
    expect(progress).toContain('Task working: Gathering figures…');
    expect(progress).toContain('Task working: Writing the report…');
    expect(lines.at(-1)).toMatchObject({
      type: 'result',
      result: { content: [{ type: 'text', text: 'Report for Q2: revenue up 4 %.' }] },
    });
    expect(servers().modern.openTasks()).toBe(0);
    await post({ action: 'disconnect', connectionId });
  });

  it('Decline goes back in tasks/update and the task ends without it; on the wire, the polls carry the task id in Mcp-Name', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    const { lines } = await callAnswering(
      post,
      connectionId,
      'quarterly_report',
      () => ({ action: 'decline' }),
      {},
      { wire: true },
    );
    expect(JSON.stringify(lines.at(-1))).toContain('No quarter given.');
    const exchanges = lines
      .filter((line) => line.type === 'wire')
      .map((line) => line.exchange as McpWireExchange)
      .sort((one, other) => one.sequence - other.sequence);
    const methods = exchanges.map((exchange) => (exchange.request.body as { method: string }).method);
    expect(methods[0]).toBe('tools/call');
    const calls = exchanges.filter((exchange) => (exchange.request.body as { method: string }).method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(methods).toContain('tasks/get');
    expect(methods).toContain('tasks/update');
    const answerOf = (exchange: McpWireExchange) => {
      const read = readMcpWireAnswer(exchange.response);
      return 'messages' in read ? read.messages[0] : undefined;
    };
    // The plain call (no extension declared) is refused: the tool runs only as a task…
    expect(answerOf(calls[0])).toMatchObject({ error: { code: -32021 } });
    // …so it goes again through the extension, declared on the request itself, and a task comes back.
    expect(answerOf(calls[1])).toMatchObject({ result: { resultType: 'task' } });
    expect(calls[1].request.body).toMatchObject({
      params: {
        _meta: {
          'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
        },
      },
    });
    const poll = exchanges.find((exchange) => (exchange.request.body as { method: string }).method === 'tasks/get');
    expect(poll?.request.headers).toMatchObject({
      'mcp-method': 'tasks/get',
      'mcp-name': expect.stringMatching(/^task-/),
    });
    await post({ action: 'disconnect', connectionId });
  });

  it('Stop (the page gives up on the call) sends tasks/cancel: the task ends on the server', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    const stop = new AbortController();
    const response = await post({ action: 'call', connectionId, name: 'quarterly_report', arguments: {} }, stop.signal);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // The task is under way once its first status arrives; then the page gives up.
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('Task working');
    expect(servers().modern.openTasks()).toBe(1);
    stop.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(() => servers().modern.openTasks(), { timeout: 5_000 }).toBe(0);
    await post({ action: 'disconnect', connectionId });
  });

  it("on 2025-11-25, which has no such extension, the call ends with the server's sentence; a plain tool is unchanged", async () => {
    const legacy = await startModernMcpServer(0, (request, answer) =>
      request.method === 'server/discover'
        ? { jsonrpc: '2.0', id: (answer as { id: unknown }).id, error: { code: -32601, message: 'Method not found' } }
        : undefined,
    );
    try {
      const { connectionId, server } = await (await post({ action: 'connect', url: legacy.url })).json();
      expect(server.protocolVersion).toBe('2025-11-25');
      const refused = await callAnswering(post, connectionId, 'quarterly_report', () => undefined);
      expect(refused.lines).toEqual([
        {
          type: 'error',
          error: {
            code: 'server_error',
            message: 'The MCP server modern-test-server: Missing required client capability',
          },
        },
      ]);
      const plain = await callAnswering(post, connectionId, 'echo', () => undefined, { message: 'still fine' });
      expect(JSON.stringify(plain.lines.at(-1))).toContain('Echo: still fine');
      await post({ action: 'disconnect', connectionId });
    } finally {
      await legacy.close();
    }
  });
});
