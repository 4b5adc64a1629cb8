import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providersQueryOptions } from '@/components/chat/providers-query';
import { compatQuery } from '@/components/shared/compat-query';
import { renderedRequestQuery } from '@/components/shared/wire-query';
import { COMPAT_ROUTE, compatAnswerSchema } from '@/lib/tools/compat/compat-route';
import { handleCompatRequest } from '@/lib/server/handle-compat-request';
import { renderedRequestSchema, WIRE_ROUTE } from '@/lib/agent/wire-route';
import { handleWireRequest } from '@/lib/server/handle-wire-request';
import { PROVIDERS_ROUTE, providersAnswerSchema } from '@/lib/providers/providers-route';
import { modelCatalogueQuery } from '@/components/chat/model-catalogue-query';
import { MODELS_ROUTE, modelsAnswerSchema } from '@/lib/providers/local-model/models-route';
import { askSandboxHost, SANDBOX_HOST_ROUTE, sandboxHostAnswerSchema } from '@/lib/sandbox/sandbox-host-route';

/**
 * One contract per route, used on both sides: the route answers through it, and the page's
 * client reads the answer with it — so an answer the contract refuses is refused by the page,
 * said in a sentence, whatever the server sent. Providers, wire, compat and the sandbox host are here;
 * links, chat and MCP have a file each (`*-contract.test.ts`); the table at the end holds them all.
 */
afterEach(() => vi.unstubAllGlobals());

/** What a route file's `GET` answers, as JSON. */
async function getFromRoute(route: { GET: (request: Request) => Response | Promise<Response> }, path: string) {
  return (await route.GET(new Request(`http://localhost${path}`, { headers: { host: 'localhost' } }))).json();
}

const queryProviders = () =>
  providersQueryOptions.queryFn!({ signal: new AbortController().signal } as never) as Promise<unknown>;

describe(`${PROVIDERS_ROUTE}`, () => {
  it('the route answers what its contract says, and the page reads that answer', async () => {
    const answer = await getFromRoute(await import('@/app/api/providers/route'), PROVIDERS_ROUTE);
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

describe(`POST ${COMPAT_ROUTE}`, () => {
  const weather = {
    name: 'get_weather',
    description: 'Weather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  };
  const query = () =>
    compatQuery([weather]).queryFn!({ signal: new AbortController().signal } as never) as Promise<unknown>;

  it('the Compatibility dialog sends what the contract says, and reads what the route answers through it', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push(url);
      return handleCompatRequest(new Request(`http://localhost${url}`, init));
    });
    const answer = compatAnswerSchema.parse(await query());
    expect(answer.sent.map((each) => [each.target, each.packageName])).toEqual([
      ['openai-chat-strict', '@ai-sdk/openai (Chat Completions)'],
      ['openai-chat', '@ai-sdk/openai (Chat Completions)'],
      ['openai-responses-strict', '@ai-sdk/openai (Responses)'],
      ['anthropic-strict', '@ai-sdk/anthropic'],
      ['anthropic', '@ai-sdk/anthropic'],
      ['gemini', '@ai-sdk/google'],
      ['openai-compatible', '@ai-sdk/openai-compatible'],
    ]);
    expect(answer.sent.every((each) => JSON.stringify(each.schema) === JSON.stringify(weather.inputSchema))).toBe(true);
    expect(asked).toEqual([COMPAT_ROUTE]);
  });

  it("a refusal shows the route's sentence; an answer the contract refuses is refused", async () => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) =>
      handleCompatRequest(new Request(`http://localhost${url}`, { ...init, body: JSON.stringify({ tools: [] }) })),
    );
    await expect(query()).rejects.toThrow(/^The tools cannot be checked: tools /);
    vi.stubGlobal('fetch', async () => Response.json({ sent: [{ tool: 'x', target: 'skynet' }] }));
    await expect(query()).rejects.toThrow(`${COMPAT_ROUTE} answered something else than the tools as sent.`);
  });
});

describe(`GET ${SANDBOX_HOST_ROUTE}`, () => {
  it('the route answers what its contract says, and the page reads it; anything else is no answer', async () => {
    const answer = await getFromRoute(await import('@/app/api/sandbox-host/route'), SANDBOX_HOST_ROUTE);
    expect(sandboxHostAnswerSchema.safeParse(answer).success).toBe(true);
    expect(await askSandboxHost(async () => Response.json(answer))).toEqual(answer);
    expect(
      await askSandboxHost(async () => Response.json({ host: 'stackblitz.com', reachable: 'no' })),
    ).toBeUndefined();
    expect(await askSandboxHost(async () => new Response('', { status: 500 }))).toBeUndefined();
  });
});

describe(`GET ${MODELS_ROUTE}`, () => {
  const queryModels = () =>
    modelCatalogueQuery.queryFn!({ signal: new AbortController().signal } as never) as Promise<unknown>;

  it('the route answers the catalogue through its contract, and the page reads it', async () => {
    const answer = await getFromRoute(await import('@/app/api/models/route'), MODELS_ROUTE);
    expect(modelsAnswerSchema.safeParse(answer).success).toBe(true);
    vi.stubGlobal('fetch', async () => Response.json(answer));
    expect(await queryModels()).toEqual(answer.catalogue);
  });

  it("the page says the server's sentence for a catalogue it cannot use, and refuses what the contract refuses", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: 'The model catalogue is not JSON: x' }));
    await expect(queryModels()).rejects.toThrow('The model catalogue is not JSON: x');
    vi.stubGlobal('fetch', async () =>
      Response.json({
        catalogue: {
          models: [{ id: 'x', name: 'x', url: 'file:///etc/passwd', sizeBytes: 1, sha256: 'a'.repeat(64) }],
        },
      }),
    );
    await expect(queryModels()).rejects.toThrow(/^GET \/api\/models answered something else than the model catalogue/);
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
  'app/api/compat/route.ts': {
    contract: 'lib/tools/compat/compat-route.ts',
    route: ['lib/server/handle-compat-request.ts'],
    page: ['components/shared/compat-query.ts'],
  },
  'app/api/links/route.ts': {
    contract: 'lib/share/links-route.ts',
    route: ['lib/server/links/handle-links-request.ts'],
    page: ['lib/share/create-short-link.ts'],
  },
  'app/api/links/[id]/route.ts': {
    contract: 'lib/share/links-route.ts',
    route: ['lib/server/links/handle-links-request.ts'],
    page: ['lib/share/fetch-short-link.ts', 'components/session/delete-short-link.ts'],
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
  'app/api/models/route.ts': {
    contract: 'lib/providers/local-model/models-route.ts',
    route: ['app/api/models/route.ts'],
    page: ['components/chat/model-catalogue-query.ts'],
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
