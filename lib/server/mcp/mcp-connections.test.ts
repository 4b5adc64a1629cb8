import { describe, expect, it } from 'vitest';
import type { McpConnection } from './connect-mcp-server';
import { createMcpConnections } from './mcp-connections';

function fakeConnect(closed: string[], delay?: Promise<void>) {
  return async (url: string): Promise<McpConnection> => {
    await delay;
    return {
      info: { name: url, version: '1', capabilities: ['tools'], transport: 'streamable-http' },
      listTools: async () => [{ name: 'echo', inputSchema: { type: 'object' } }],
      toolsVersion: () => 0,
      callTool: async () => ({ content: [] }),
      listResources: async () => [],
      readResource: async () => ({ contents: [] }),
      listPrompts: async () => [],
      getPrompt: async () => ({ messages: [] }),
      close: async () => void closed.push(url),
    };
  };
}

describe('the MCP connections a server holds', () => {
  it("a page past its quota closes its own oldest, never another page's; an idle one closes at the next open", async () => {
    const closed: string[] = [];
    const connect = fakeConnect(closed);
    let nowMs = 0;
    const connections = createMcpConnections({ perOwner: 2, maxOpen: 10, idleMs: 1_000, now: () => nowMs });
    const victim = await connections.open(() => connect('victim-1'), 'tab-victim');
    const a = await connections.open(() => connect('a'), 'tab-attacker');
    expect(a.id).toMatch(/^mcp-[A-Za-z0-9]{32}$/);
    expect(a.tools.map((tool) => tool.name)).toEqual(['echo']);
    await connections.open(() => connect('b'), 'tab-attacker');
    for (const url of ['c', 'd', 'e']) await connections.open(() => connect(url), 'tab-attacker');
    expect(closed).toEqual(['a', 'b', 'c']);
    expect(connections.get(victim.id)).toBeDefined();
    nowMs = 5_000;
    await connections.open(() => connect('late'), 'tab-other');
    expect(closed).toContain('victim-1');
  });

  it('counts connects still under way: sixty at once leave no more than the cap open, the rest refused', async () => {
    const closed: string[] = [];
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const connect = fakeConnect(closed, slow);
    const connections = createMcpConnections({ perOwner: 100, maxOpen: 16 });
    const attempts = Array.from({ length: 60 }, (_, index) =>
      connections
        .open(() => connect(`s${index}`), `tab-${index % 3}`)
        .then(
          (opened) => opened.id,
          (error: Error) => error.message,
        ),
    );
    release();
    const results = await Promise.all(attempts);
    const opened = results.filter((result) => result.startsWith('mcp-'));
    expect(opened).toHaveLength(16);
    expect(results.filter((result) => result.includes('holds 16 MCP connections already'))).toHaveLength(44);
    expect(opened.every((id) => connections.get(id) !== undefined)).toBe(true);
  });
});
