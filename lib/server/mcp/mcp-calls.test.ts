import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNdjson } from '@/testing/read-ndjson';
import { startTestMcpServer, type TestMcpServer } from '@/testing/start-test-mcp-server';
import { handleMcpRequest } from './handle-mcp-request';
import { createMcpConnections } from './mcp-connections';

let server: TestMcpServer;
beforeAll(async () => {
  server = await startTestMcpServer();
});
afterAll(() => server.close());

const connections = createMcpConnections();
const post = (body: unknown, signal?: AbortSignal) =>
  handleMcpRequest(
    new Request('http://local/api/mcp', { method: 'POST', body: JSON.stringify(body), signal }),
    {},
    connections,
  );
const connect = async () => (await post({ action: 'connect', url: server.url })).json();
const call = async (connectionId: string, name: string, args: Record<string, unknown> = {}, signal?: AbortSignal) =>
  readNdjson(await post({ action: 'call', connectionId, name, arguments: args }, signal));

describe('POST /api/mcp: calls that go wrong, lists that page and change', () => {
  it("Disconnect ends the server's session: Streamable HTTP's DELETE reaches it", async () => {
    const { connectionId } = await connect();
    const ended = server.ended.length;
    const response = await post({ action: 'disconnect', connectionId });
    expect(response.ok).toBe(true);
    expect(server.ended).toHaveLength(ended + 1);
  });

  it('follows tools/list pagination to the end', async () => {
    const { tools, server: info } = await connect();
    expect(info).toMatchObject({ name: 'test-mcp', version: '1.2.3', capabilities: ['tools'] });
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual([
      'slow',
      'flaky',
      'typed',
      'throws',
      'add_tool',
      'redos',
      'huge',
    ]);
  });

  it('Stop cancels a running call: the server is sent notifications/cancelled', async () => {
    const { connectionId } = await connect();
    const stop = new AbortController();
    const response = await post({ action: 'call', connectionId, name: 'slow', arguments: { steps: 100 } }, stop.signal);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('"type":"progress"');
    stop.abort();
    await expect.poll(() => server.cancelled, { timeout: 30_000 }).toContain('slow');
  });

  it('a tool error (isError) comes back as a result; a JSON-RPC error as an error line', async () => {
    const { connectionId } = await connect();
    expect(await call(connectionId, 'flaky')).toEqual([
      {
        type: 'result',
        result: { content: [{ type: 'text', text: 'the upstream service is down' }], isError: true },
        toolsVersion: 0,
      },
    ]);
    const [thrown] = await call(connectionId, 'throws');
    expect(thrown).toEqual({
      type: 'error',
      error: {
        code: 'server_error',
        message: expect.stringMatching(/^The MCP server test-mcp: .*no tool named throws/),
      },
    });
  });

  it('structured content is checked against the output schema', async () => {
    const { connectionId } = await connect();
    expect((await call(connectionId, 'typed'))[0]).toMatchObject({ result: { structuredContent: { n: 1 } } });
    const [bad] = await call(connectionId, 'typed', { bad: true });
    expect(bad).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/output schema/) } });
  });

  it('a call that sends nothing for longer than its limit times out', async () => {
    const { connectionId } = await connect();
    const lines = await readNdjson(
      await post({
        action: 'call',
        connectionId,
        name: 'slow',
        arguments: { steps: 1, pause_ms: 1_000 },
        timeoutMs: 100,
      }),
    );
    expect(lines).toEqual([
      {
        type: 'error',
        error: {
          code: 'timeout',
          message: expect.stringMatching(/^The MCP server test-mcp sent nothing for too long/),
        },
      },
    ]);
  });

  it('notifications/tools/list_changed bumps the tools version; listing again shows the new tool', async () => {
    const { connectionId } = await connect();
    const [added] = await call(connectionId, 'add_tool');
    await expect
      .poll(async () => (await (await post({ action: 'tools', connectionId })).json()).toolsVersion, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(added).toMatchObject({ type: 'result' });
    const { tools } = await (await post({ action: 'tools', connectionId })).json();
    expect(tools.map((tool: { name: string }) => tool.name)).toContain('extra_tool');
  });

  it("checks a server's output schema on RE2: a backtracking pattern cannot stall the server", async () => {
    // 40 a's and a "!" against ^(a+)+$ take a backtracking engine hours; RE2 answers at once.
    const { connectionId } = await connect();
    const [answer] = await call(connectionId, 'redos');
    expect(answer).toMatchObject({ type: 'error', error: { message: expect.stringContaining('must match pattern') } });
  });

  it("cuts a server's answer at 4 MB instead of relaying it whole", async () => {
    const { connectionId } = await connect();
    const [answer] = await call(connectionId, 'huge');
    expect(answer).toMatchObject({ type: 'error', error: { message: expect.stringContaining('larger than 4 MB') } });
  });
});
