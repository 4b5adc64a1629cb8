import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { providersQueryOptions } from '@/components/chat/providers-query';
import { renderedRequestQuery } from '@/components/shared/wire-query';
import { renderedRequestSchema, WIRE_ROUTE } from '@/lib/agent/wire-route';
import { CHAT_ROUTE, chatRequestSchema } from '@/lib/agent/chat-route';
import { createRouteFetch, runConversation } from '@/testing/run-conversation';
import { createMcpRouteFetch } from '@/testing/mcp-route-fetch';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';
import { createMcpClient } from '@/lib/mcp/create-mcp-client';
import { MCP_ROUTE, mcpAnswerSchemas, mcpCallLineSchema, mcpRequestSchema } from '@/lib/mcp/mcp-route';
import { createSessionStore } from '@/lib/session/session-store';
import { handleWireRequest } from '@/lib/server/handle-wire-request';
import { PROVIDERS_ROUTE, providersAnswerSchema } from '@/lib/providers/providers-route';
import { handleLinksRequest, type LinksDeps } from '@/lib/server/links/handle-links-request';
import { createByteBudget, createRateLimit } from '@/lib/server/links/link-limits';
import { createSqliteLinkStore } from '@/lib/server/links/sqlite-link-store';
import {
  createdLinkSchema,
  createShortLinkOnServer,
  deleteShortLinkOnServer,
  fetchShortLinkOnServer,
  LINKS_ROUTE,
  linksStatusSchema,
  routeErrorSchema,
  shortLinksStatusOnServer,
} from '@/lib/share/links-route';

/**
 * One contract per route, used on both sides: the route answers through it, and the page's
 * client reads the answer with it — so an answer the contract refuses is refused by the page,
 * said in a sentence, whatever the server sent.
 */
afterEach(() => vi.unstubAllGlobals());

const queryProviders = () =>
  providersQueryOptions.queryFn!({ signal: new AbortController().signal } as never) as Promise<unknown>;

describe(`${PROVIDERS_ROUTE}`, () => {
  it('the route answers what its contract says, and the page reads that answer', async () => {
    const route = await import('@/app/api/providers/route');
    const answer = await (
      await route.GET(new Request(`http://localhost${PROVIDERS_ROUTE}`, { headers: { host: 'localhost' } }))
    ).json();
    expect(providersAnswerSchema.safeParse(answer).success).toBe(true);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json(answer);
    });
    expect(await queryProviders()).toEqual(answer.providers);
    expect(asked).toEqual([PROVIDERS_ROUTE]);
  });

  it('the page refuses an answer the contract refuses, saying where', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ providers: [{ id: 'skynet', label: 'Skynet' }] }));
    await expect(queryProviders()).rejects.toThrow(
      /^GET \/api\/providers answered something else than the provider list \("providers\.0\.id" /,
    );
  });
});

/** The page's fetch, answered by the links route's own handler (`/api/links` or `/api/links/<id>`) over a fresh store. */
function linksRouteFetch(): typeof fetch {
  const deps: LinksDeps = {
    store: createSqliteLinkStore(':memory:'),
    rateLimit: createRateLimit(1_000),
    budget: createByteBudget(1024 * 1024),
    env: {},
  };
  return async (url, init) => {
    const id = String(url).startsWith(`${LINKS_ROUTE}/`)
      ? decodeURIComponent(String(url).slice(LINKS_ROUTE.length + 1))
      : undefined;
    return handleLinksRequest(new Request(`http://localhost${url}`, init as RequestInit), id, deps);
  };
}

describe(`POST ${LINKS_ROUTE}`, () => {
  const viaRoute = linksRouteFetch();
  const sealed = Buffer.alloc(64, 7).toString('base64url');

  it('the page sends what the contract says, and reads what the route answers through it', async () => {
    const made = await createShortLinkOnServer(viaRoute, { ciphertext: sealed, expires: 'never' });
    expect(made).toEqual({
      ok: true,
      link: { id: expect.any(String), deleteToken: expect.any(String), expiresAtMs: null },
    });
    const answer = await (
      await viaRoute(LINKS_ROUTE, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ciphertext: sealed }),
      })
    ).json();
    expect(createdLinkSchema.safeParse(answer).success).toBe(true);
  });

  it('a refusal is the route error the contract says, and the page shows its sentence', async () => {
    const refused = await viaRoute(LINKS_ROUTE, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ciphertext: sealed, expires: 'forever' }),
    });
    expect(refused.status).toBe(400);
    expect(routeErrorSchema.parse(await refused.json()).error.message).toBe(
      '"expires" must be "1d", "30d" or "never".',
    );
    const limited: typeof fetch = async () =>
      Response.json({ error: { code: 'rate_limited', message: 'Too many short links.' } }, { status: 429 });
    expect(await createShortLinkOnServer(limited, { ciphertext: sealed })).toEqual({
      ok: false,
      message: 'Too many short links.',
    });
  });

  it('the page refuses an answer the contract refuses', async () => {
    const odd: typeof fetch = async () => Response.json({ id: '../../etc', deleteToken: 'x' }, { status: 201 });
    expect(await createShortLinkOnServer(odd, { ciphertext: sealed })).toEqual({
      ok: false,
      message: 'The server answered something else than a short link.',
    });
  });
});

describe(`GET ${LINKS_ROUTE}, GET and DELETE ${LINKS_ROUTE}/<id>`, () => {
  const viaRoute = linksRouteFetch();
  const sealed = Buffer.alloc(64, 9);

  it('the status the route answers is the contract’s, and the page reads it', async () => {
    const status = await shortLinksStatusOnServer(viaRoute);
    expect(linksStatusSchema.safeParse(status).success).toBe(true);
    expect(status).toEqual({ enabled: true, maxBytes: 20 * 1024 * 1024, expiries: ['1d', '30d', 'never'] });
    const off: typeof fetch = async () =>
      Response.json({ error: { code: 'links_off', message: 'Short links are off.' } }, { status: 404 });
    expect(await shortLinksStatusOnServer(off)).toBeUndefined();
    // An answer the contract refuses means no short links, not a broken menu.
    expect(await shortLinksStatusOnServer(async () => Response.json({ enabled: 'yes' }))).toBeUndefined();
  });

  it('a link made through the contract is fetched and deleted through it; then it is gone, said by the route', async () => {
    const made = await createShortLinkOnServer(viaRoute, { ciphertext: sealed.toString('base64url') });
    if (!made.ok) throw new Error(made.message);
    const fetched = await fetchShortLinkOnServer(viaRoute, made.link.id);
    expect(fetched.ok && Buffer.from(fetched.ciphertext).equals(sealed)).toBe(true);
    expect(await deleteShortLinkOnServer(viaRoute, made.link.id, 'not-the-token-at-all-xx')).toEqual({ ok: true });
    expect(await fetchShortLinkOnServer(viaRoute, made.link.id)).toMatchObject({ ok: true });
    expect(await deleteShortLinkOnServer(viaRoute, made.link.id, made.link.deleteToken)).toEqual({ ok: true });
    expect(await fetchShortLinkOnServer(viaRoute, made.link.id)).toEqual({
      ok: false,
      why: 'This short link does not exist: it expired, or whoever made it deleted it',
    });
  });

  it('the route refuses a delete body the contract refuses, in its sentence; the page says when it cannot reach it', async () => {
    const refused = await viaRoute(`${LINKS_ROUTE}/${'a'.repeat(22)}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deleteToken: 7 }),
    });
    expect(refused.status).toBe(400);
    expect(routeErrorSchema.parse(await refused.json()).error.message).toBe('"deleteToken" is required.');
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await fetchShortLinkOnServer(down, 'a'.repeat(22))).toEqual({
      ok: false,
      why: 'the playground’s server could not be reached',
    });
    expect(await deleteShortLinkOnServer(down, 'a'.repeat(22), 'x')).toEqual({
      ok: false,
      message: 'The playground’s server could not be reached.',
    });
  });
});

describe(`POST ${WIRE_ROUTE}`, () => {
  const chat = {
    messages: [{ id: 'u', role: 'user' as const, parts: [{ type: 'text' as const, text: 'Weather in Paris?' }] }],
    tools: [],
    settings: { provider: 'simulated', model: 'simulated-1' },
  } as never;
  const query = (format: 'anthropic' | 'gemini') =>
    renderedRequestQuery(chat, format).queryFn!({ signal: new AbortController().signal } as never) as Promise<unknown>;

  it('the inspector sends what the contract says, and reads what the route answers through it', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push(url);
      return handleWireRequest(new Request(`http://localhost${url}`, init));
    });
    const rendered = await query('anthropic');
    expect(renderedRequestSchema.safeParse(rendered).success).toBe(true);
    expect(rendered).toMatchObject({
      packageName: '@ai-sdk/anthropic',
      request: { method: 'POST', path: '/v1/messages' },
    });
    expect(asked).toEqual([WIRE_ROUTE]);
  });

  it("a refusal shows the route's sentence; an answer the contract refuses is refused", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'invalid_body', message: 'Invalid field "format".' } }, { status: 400 }),
    );
    await expect(query('gemini')).rejects.toThrow('Invalid field "format".');
    vi.stubGlobal('fetch', async () => Response.json({ request: { method: 'POST' }, packageName: 7 }));
    await expect(query('gemini')).rejects.toThrow(`${WIRE_ROUTE} answered something else than a rendered request.`);
  });
});

describe(`POST ${CHAT_ROUTE}`, () => {
  it('the page sends the body the contract says, the route reads it, and the step streams back', async () => {
    const sent: unknown[] = [];
    const route = createRouteFetch();
    const { messages, store } = await runConversation('list the files', {
      routeFetch: async (url, init) => {
        expect(url).toBe(CHAT_ROUTE);
        sent.push(JSON.parse(String(init?.body)));
        return route(url, init);
      },
    });
    expect(sent.length).toBeGreaterThan(1);
    for (const body of sent) expect(chatRequestSchema.safeParse(body).success).toBe(true);
    expect(messages.at(-1)?.parts.some((part) => part.type === 'text')).toBe(true);
    expect(store.getState().chatError).toBeUndefined();
  });

  it("a refusal shows the route's sentence, not its JSON; any other failure says the status", async () => {
    const refusing: typeof fetch = async () =>
      Response.json({ error: { code: 'missing_key', message: 'No API key for Anthropic.' } }, { status: 401 });
    const refused = await runConversation('hello', { routeFetch: refusing });
    expect(refused.store.getState().chatError).toBe('No API key for Anthropic.');
    const broken = await runConversation('hello', { routeFetch: async () => new Response('<html>', { status: 502 }) });
    expect(broken.store.getState().chatError).toBe(`${CHAT_ROUTE} answered 502.`);
  });

  it('a body the contract refuses is refused on the page in the route’s words, and nothing is sent', async () => {
    let sent = 0;
    const { store } = await runConversation('hello', {
      configure: (session) => session.getState().updateSettings({ model: 'gpt 4o; rm -rf' }),
      routeFetch: async (url, init) => {
        sent += 1;
        return createRouteFetch()(url, init);
      },
    });
    expect(sent).toBe(0);
    expect(store.getState().chatError).toMatch(/^Invalid field "settings\.model": /);
  });
});

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

/**
 * Each route, its contract, and where each side uses it: the route's handler reads and answers
 * through it, the page's client sends and reads with it. A new route without a contract fails here.
 */
const CONTRACTS: Record<string, { contract: string; route: string[]; page: string[] }> = {
  'app/api/chat/route.ts': {
    contract: 'lib/agent/chat-route.ts',
    route: ['lib/server/handle-chat-request.ts'],
    page: ['lib/agent/create-session-chat.ts'],
  },
  'app/api/wire/route.ts': {
    contract: 'lib/agent/wire-route.ts',
    route: ['lib/server/handle-wire-request.ts'],
    page: ['components/shared/wire-query.ts'],
  },
  'app/api/links/route.ts': {
    contract: 'lib/share/links-route.ts',
    route: ['lib/server/links/handle-links-request.ts'],
    page: ['components/session/short-link-section.tsx'],
  },
  'app/api/links/[id]/route.ts': {
    contract: 'lib/share/links-route.ts',
    route: ['lib/server/links/handle-links-request.ts'],
    page: ['lib/opening/create-session-controller.ts', 'components/session/delete-short-link.ts'],
  },
  'app/api/mcp/route.ts': {
    contract: 'lib/mcp/mcp-route.ts',
    route: ['lib/server/mcp/handle-mcp-request.ts'],
    page: ['lib/mcp/read-mcp-answer.ts'],
  },
  'app/api/providers/route.ts': {
    contract: 'lib/providers/providers-route.ts',
    route: ['app/api/providers/route.ts'],
    page: ['components/chat/providers-query.ts'],
  },
  'app/api/sandbox-host/route.ts': {
    contract: 'lib/sandbox/sandbox-host-route.ts',
    route: ['app/api/sandbox-host/route.ts'],
    page: ['components/runtime/start-browser-web-container.ts'],
  },
};

/** The modules a file imports (static or dynamic), as paths from the repository's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map(([, specifier]) =>
    specifier.startsWith('@/')
      ? specifier.slice(2)
      : specifier.startsWith('.')
        ? relative('.', resolve(dirname(file), specifier))
        : specifier,
  );
}

describe('every /api route has one contract, used on both sides', () => {
  const routes = readdirSync('app/api', { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('route.ts'))
    .map((path) => join('app/api', path));

  it('lists every route', () => {
    expect(routes.sort()).toEqual(Object.keys(CONTRACTS).sort());
  });

  const table = Object.entries(CONTRACTS).map(([routeFile, uses]) => [routeFile, uses.contract, uses] as const);
  it.each(table)('%s: its handler and the page import %s', (routeFile, contract, { route, page }) => {
    const module = contract.replace(/\.ts$/, '');
    expect(importsOf(routeFile).some((each) => route.includes(`${each}.ts`) || each === module)).toBe(true);
    for (const file of [...route, ...page]) expect(importsOf(file), file).toContain(module);
  });
});
