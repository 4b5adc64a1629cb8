import { describe, expect, it } from 'vitest';
import { withMcpTestServers } from './mcp-test-servers';
import { readNdjson } from '@/testing/read-ndjson';
import { connectMcpServer } from './connect-mcp-server';

const { servers, post } = withMcpTestServers();

describe('the client speaks the revision the server offers', () => {
  it('2026-07-28 with a server on the SDK v2 (server/discover): it lists and calls, structured content comes back', async () => {
    const connection = await connectMcpServer(servers().modern.url);
    try {
      expect(connection.info).toMatchObject({
        name: 'modern-test-server',
        transport: 'streamable-http',
        protocolVersion: '2026-07-28',
      });
      const tools = await connection.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['echo', 'tally', 'greet', 'quarterly_report']);
      expect(tools[1].annotations).toMatchObject({ idempotentHint: true });
      expect(await connection.callTool('echo', { message: 'hi' })).toMatchObject({
        content: [{ type: 'text', text: 'Echo: hi' }],
      });
      expect((await connection.callTool('tally', { to: 3 })).structuredContent).toEqual([1, 2, 3]);
    } finally {
      await connection.close();
    }
  });

  it('2025-11-25 with the reference "everything" server, which has no 2026 revision: everything works as before', async () => {
    const connection = await connectMcpServer(servers().everything.url);
    try {
      expect(connection.info).toMatchObject({ name: 'mcp-servers/everything', protocolVersion: '2025-11-25' });
      expect(await connection.callTool('echo', { message: 'hi' })).toMatchObject({
        content: [{ type: 'text', text: 'Echo: hi' }],
      });
    } finally {
      await connection.close();
    }
  });
});

describe('POST /api/mcp says the revision and carries what it allows', () => {
  it('a 2026-07-28 server: the answer names the revision, and structured content that is an array reaches the page', async () => {
    const connected = await post({ action: 'connect', url: servers().modern.url });
    expect(connected.status).toBe(200);
    const { connectionId, server } = await connected.json();
    expect(server).toMatchObject({ name: 'modern-test-server', protocolVersion: '2026-07-28' });
    const lines = await readNdjson(await post({ action: 'call', connectionId, name: 'tally', arguments: { to: 2 } }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      type: 'result',
      result: { content: [{ type: 'text', text: '1, 2' }], structuredContent: [1, 2] },
      toolsVersion: 0,
    });
    await post({ action: 'disconnect', connectionId });
  });

  it('a 2025 server: the answer names 2025-11-25', async () => {
    const { connectionId, server } = await (await post({ action: 'connect', url: servers().everything.url })).json();
    expect(server.protocolVersion).toBe('2025-11-25');
    await post({ action: 'disconnect', connectionId });
  });
});
