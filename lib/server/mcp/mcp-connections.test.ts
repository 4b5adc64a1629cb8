import { describe, expect, it } from 'vitest';
import type { McpConnection } from './connect-mcp-server';
import { createMcpConnections } from './mcp-connections';

function fakeConnect(closed: string[]) {
  return async (url: string): Promise<McpConnection> => ({
    info: { name: url, version: '1', capabilities: ['tools'], transport: 'streamable-http' },
    listTools: async () => [{ name: 'echo', inputSchema: { type: 'object' } }],
    toolsVersion: () => 0,
    callTool: async () => ({ content: [] }),
    listResources: async () => [],
    readResource: async () => ({ contents: [] }),
    listPrompts: async () => [],
    getPrompt: async () => ({ messages: [] }),
    close: async () => void closed.push(url),
  });
}

describe('the MCP connections a server holds', () => {
  it('keeps a few: opening one more closes the oldest; an idle one is closed at the next open', async () => {
    const closed: string[] = [];
    const connect = fakeConnect(closed);
    let nowMs = 0;
    const connections = createMcpConnections({
      maxOpen: 2,
      idleMs: 1_000,
      now: () => nowMs,
    });
    const a = await connections.open(() => connect('http://127.0.0.1:1/a'));
    const b = await connections.open(() => connect('http://127.0.0.1:1/b'));
    expect(a.id).toMatch(/^mcp-[A-Za-z0-9]{32}$/);
    expect(a.tools.map((tool) => tool.name)).toEqual(['echo']);
    await connections.open(() => connect('http://127.0.0.1:1/c'));
    expect(closed).toEqual(['http://127.0.0.1:1/a']);
    expect(connections.get(a.id)).toBeUndefined();
    nowMs = 5_000;
    await connections.open(() => connect('http://127.0.0.1:1/d'));
    expect(closed).toContain('http://127.0.0.1:1/b');
    expect(connections.get(b.id)).toBeUndefined();
  });
});
