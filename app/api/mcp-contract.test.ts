import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpClient } from '@/lib/mcp/create-mcp-client';
import { MCP_ROUTE, mcpAnswerSchemas, mcpCallLineSchema, mcpRequestSchema } from '@/lib/mcp/mcp-route';
import { createSessionStore } from '@/lib/session/session-store';
import { createMcpRouteFetch } from '@/testing/mcp-route-fetch';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';

/** `POST /api/mcp`: the page's MCP client sends and reads with the route's contract (route-contracts.test.ts). */
describe(`POST ${MCP_ROUTE}`, () => {
  let everything: McpEverything;
  beforeAll(async () => {
    everything = await startMcpEverything();
  }, 30_000);
  afterAll(() => everything.close());

  /** The page's MCP client over the real route; every request and answer kept to check against the contract. */
  function clientOverRoute() {
    const route = createMcpRouteFetch();
    const exchanges: { request: unknown; status: number; answer: string }[] = [];
    const fetch: typeof globalThis.fetch = async (url, init) => {
      expect(url).toBe(MCP_ROUTE);
      const response = await route(url, init);
      exchanges.push({
        request: JSON.parse(String(init?.body)),
        status: response.status,
        answer: await response.clone().text(),
      });
      return response;
    };
    const store = createSessionStore();
    return { store, client: createMcpClient({ store, fetch }), exchanges };
  }

  it('the client sends what the contract says and the route answers every action through it', async () => {
    const { store, client, exchanges } = clientOverRoute();
    expect(await client.connect(everything.url, {})).toMatchObject({ ok: true });
    const serverId = store.getState().mcpServers[0].id;
    await client.refreshTools(serverId);
    const prompts = await client.listPrompts(serverId);
    await client.getPrompt(serverId, prompts[0].name, {});
    const resources = await client.listResources(serverId);
    await client.readResource(serverId, resources[0].uri);
    const called = await client.callTool({
      server: serverId,
      name: 'echo',
      args: { message: 'contract' },
      timeoutMs: 10_000,
    });
    expect(called).toMatchObject({ kind: 'result', result: { content: [{ type: 'text' }] } });
    await client.disconnect(serverId);

    const actions = exchanges.map(({ request }) => (request as { action: string }).action);
    expect(actions).toEqual([
      'connect',
      'tools',
      'prompts',
      'get-prompt',
      'resources',
      'read-resource',
      'call',
      'disconnect',
    ]);
    for (const { request, status, answer } of exchanges) {
      expect(mcpRequestSchema.safeParse(request).success).toBe(true);
      expect(status).toBe(200);
      const action = (request as { action: string }).action;
      if (action === 'call')
        for (const line of answer.split('\n').filter(Boolean))
          expect(mcpCallLineSchema.safeParse(JSON.parse(line)).success).toBe(true);
      else
        expect(mcpAnswerSchemas[action as keyof typeof mcpAnswerSchemas].safeParse(JSON.parse(answer)).success).toBe(
          true,
        );
    }
  });

  it('a refusal is the route error with its sentence; an answer the contract refuses is refused by the page', async () => {
    const { client } = clientOverRoute();
    expect(await client.connect('http://example.com/mcp', {})).toEqual({
      ok: false,
      message: expect.stringMatching(/example\.com/),
    });
    const odd = createMcpClient({
      store: createSessionStore(),
      fetch: async () => Response.json({ connectionId: 'c1', server: { name: 'srv' }, tools: [] }),
    });
    expect(await odd.connect(everything.url, {})).toEqual({
      ok: false,
      message: `${MCP_ROUTE} answered "connect" with something else than its contract says.`,
    });
  });
});
