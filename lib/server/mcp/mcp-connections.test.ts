import { describe, expect, it } from 'vitest';
import type { McpConnection } from './connect-mcp-server';
import { createMcpConnections, type McpRequester } from './mcp-connections';

function fakeConnect(closed: string[], delay?: Promise<void>) {
  return async (url: string): Promise<McpConnection> => {
    await delay;
    return {
      info: { name: url, version: '1', capabilities: ['tools'], transport: 'streamable-http' },
      listTools: async () => [{ name: 'echo', inputSchema: { type: 'object' } }],
      leftOutTools: () => [],
      toolsVersion: () => 0,
      callTool: async () => ({ content: [] }),
      listResources: async () => [],
      readResource: async () => ({ contents: [] }),
      listPrompts: async () => [],
      getPrompt: async () => ({ messages: [] }),
      answerQuestion: () => false,
      close: async () => void closed.push(url),
    };
  };
}

const from = (page: string, address = '127.0.0.1'): McpRequester => ({ page, address });

describe('the MCP connections a server holds', () => {
  it("a page past its quota closes its own oldest, never another page's; an idle one closes at the next open", async () => {
    const closed: string[] = [];
    const connect = fakeConnect(closed);
    let nowMs = 0;
    const tick = () => (nowMs += 1);
    const connections = createMcpConnections({ perPage: 2, maxOpen: 10, idleMs: 1_000, now: () => nowMs });
    const victim = await connections.open(() => connect('victim-1'), from('victim'));
    const a = await connections.open(() => connect('a'), from('attacker'));
    expect(a.id).toMatch(/^mcp-[A-Za-z0-9]{32}$/);
    expect(a.tools.map((tool) => tool.name)).toEqual(['echo']);
    tick();
    await connections.open(() => connect('b'), from('attacker'));
    for (const url of ['c', 'd', 'e']) {
      tick();
      await connections.open(() => connect(url), from('attacker'));
    }
    expect(closed).toEqual(['a', 'b', 'c']);
    expect(connections.get(victim.id)).toBeDefined();
    nowMs = 5_000;
    await connections.open(() => connect('late'), from('other'));
    expect(closed).toContain('victim-1');
  });

  it("an id names the instance that holds it: another instance's id is held elsewhere, this one's is not", async () => {
    const one = createMcpConnections({ instance: 'instAAAA' });
    const two = createMcpConnections({ instance: 'instBBBB' });
    const opened = await one.open(() => fakeConnect([])('x'), from('page'));
    expect(opened.id).toMatch(/^mcp-instAAAA[A-Za-z0-9]{24}$/);
    expect(one.heldElsewhere(opened.id)).toBe(false);
    expect(two.heldElsewhere(opened.id)).toBe(true);
    expect(two.get(opened.id)).toBeUndefined();
  });

  it('page identities are issued by the server: a made-up or altered one is replaced, an issued one kept', () => {
    const connections = createMcpConnections();
    const issued = connections.pageOf(undefined);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(connections.pageOf(issued)).toBe(issued);
    expect(connections.pageOf('tab-chosen-by-the-page')).not.toBe('tab-chosen-by-the-page');
    const [id] = issued.split('.');
    expect(connections.pageOf(`${id}.${'A'.repeat(22)}`)).not.toContain(id);
    // Another server start issues other identities: this one's are not good there.
    expect(createMcpConnections().pageOf(issued)).not.toBe(issued);
  });

  it('100 connects with 100 identities (from one address, at once) never pass 64, and other pages still connect', async () => {
    const closed: string[] = [];
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const connections = createMcpConnections();
    let most = 0;
    const flood = Array.from({ length: 100 }, (_, index) =>
      connections
        .open(() => fakeConnect(closed, slow)(`flood-${index}`), from(connections.pageOf(undefined), '203.0.113.9'))
        .then(
          (opened) => opened.id,
          (error: Error) => error.message,
        )
        .finally(() => {
          most = Math.max(most, connections.size());
        }),
    );
    most = Math.max(most, connections.size());
    release();
    await Promise.all(flood);
    expect(most).toBeLessThanOrEqual(64);
    // One address holds at most its quota (16), however many identities it asked for.
    expect(connections.size()).toBeLessThanOrEqual(16);
    // Pages from this machine (and the flooding address's own pages) still connect.
    for (let index = 0; index < 20; index++) {
      const opened = await connections.open(() => fakeConnect(closed)(`page-${index}`), from(`page-${index % 4}`));
      expect(connections.get(opened.id)).toBeDefined();
    }
    expect(connections.size()).toBeLessThanOrEqual(64);
  });

  it('counts connects still under way: sixty at once leave no more than the cap open, the rest refused', async () => {
    const closed: string[] = [];
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const connect = fakeConnect(closed, slow);
    const connections = createMcpConnections({ perPage: 100, perAddress: 100, maxOpen: 16 });
    const attempts = Array.from({ length: 60 }, (_, index) =>
      connections
        .open(() => connect(`s${index}`), from(`tab-${index % 3}`, `10.0.0.${index % 5}`))
        .then(
          (opened) => opened.id,
          (error: Error) => error.message,
        ),
    );
    release();
    const results = await Promise.all(attempts);
    const opened = results.filter((result) => result.startsWith('mcp-'));
    expect(opened).toHaveLength(16);
    expect(results.filter((result) => result.includes('holds 16 MCP connections, shared among'))).toHaveLength(44);
    expect(opened.every((id) => connections.get(id) !== undefined)).toBe(true);
  });

  it('a connect between its start and its tool list still holds its slot (no window to pass the cap)', async () => {
    const closed: string[] = [];
    let listed = () => {};
    const listing = new Promise<void>((resolve) => {
      listed = resolve;
    });
    const connections = createMcpConnections({ maxOpen: 2, perPage: 10, perAddress: 10 });
    const slowList = async (url: string): Promise<McpConnection> => ({
      ...(await fakeConnect(closed)(url)),
      listTools: async () => {
        await listing;
        return [];
      },
    });
    const first = connections.open(() => slowList('one'), from('p'));
    const second = connections.open(() => slowList('two'), from('p'));
    // Both have connected and are listing tools: a third must be refused now, not after.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(connections.open(() => fakeConnect(closed)('three'), from('q'))).rejects.toThrow(/holds 2 MCP/);
    listed();
    await Promise.all([first, second]);
    expect(connections.size()).toBe(2);
  });

  it('100 connects from two addresses leave other addresses able to connect, and no active page loses a connection', async () => {
    const closed: string[] = [];
    let nowMs = 0;
    const connections = createMcpConnections({ now: () => nowMs });
    // Two people at work: one behind the same address as the flood (a shared proxy), one elsewhere.
    const colleague = from(connections.pageOf(undefined), '203.0.113.9');
    const elsewhere = from(connections.pageOf(undefined), '198.51.100.4');
    const theirs = await connections.open(() => fakeConnect(closed)('colleague'), colleague);
    const other = await connections.open(() => fakeConnect(closed)('elsewhere'), elsewhere);
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        nowMs += 100;
        // They keep using their connections while the flood goes on.
        connections.get(theirs.id);
        connections.get(other.id);
        return connections
          .open(
            () => fakeConnect(closed)(`flood-${index}`),
            from(connections.pageOf(undefined), index % 2 === 0 ? '203.0.113.9' : '203.0.113.10'),
          )
          .then(
            () => 'opened',
            (error: Error) => error.message,
          );
      }),
    );
    // Each flooding address holds at most a quarter of the server; the rest is refused with a sentence.
    expect(flood.filter((result) => result === 'opened').length).toBeLessThanOrEqual(31);
    expect(flood.filter((result) => result !== 'opened')[0]).toMatch(/^This address holds 16 MCP connections/);
    expect(connections.get(theirs.id)).toBeDefined();
    expect(connections.get(other.id)).toBeDefined();
    expect(closed).not.toContain('colleague');
    // Other addresses still connect.
    for (let index = 0; index < 10; index++)
      await expect(
        connections.open(
          () => fakeConnect(closed)(`new-${index}`),
          from(connections.pageOf(undefined), `192.0.2.${index}`),
        ),
      ).resolves.toMatchObject({ id: expect.stringMatching(/^mcp-/) });
  });

  it('a full server gives an address below its fair share the least used connection of an inactive page above it', async () => {
    const closed: string[] = [];
    let nowMs = 0;
    const connections = createMcpConnections({
      perPage: 8,
      perAddress: 8,
      maxOpen: 8,
      activeMs: 1_000,
      now: () => nowMs,
    });
    for (let index = 0; index < 8; index++)
      await connections.open(() => fakeConnect(closed)(`a-${index}`), from(`a-page-${index % 2}`, '203.0.113.9'));
    // Full, and every page still active: a new address is refused, nothing is closed.
    await expect(connections.open(() => fakeConnect(closed)('b'), from('b-page', '198.51.100.4'))).rejects.toThrow(
      /holds 8 MCP connections, shared among the addresses/,
    );
    expect(closed).toEqual([]);
    // A second on, the pages are inactive: the newcomer gets the least recently used one.
    nowMs += 2_000;
    await connections.open(() => fakeConnect(closed)('b'), from('b-page', '198.51.100.4'));
    expect(closed).toEqual(['a-0']);
    expect(connections.size()).toBe(8);
  });
});
