import { afterEach, describe, expect, it, vi } from 'vitest';
import { providersQueryOptions } from '@/components/chat/providers-query';
import { renderedRequestQuery } from '@/components/shared/wire-query';
import { renderedRequestSchema, WIRE_ROUTE } from '@/lib/agent/wire-route';
import { handleWireRequest } from '@/lib/server/handle-wire-request';
import { PROVIDERS_ROUTE, providersAnswerSchema } from '@/lib/providers/providers-route';
import { handleLinksRequest, type LinksDeps } from '@/lib/server/links/handle-links-request';
import { createByteBudget, createRateLimit } from '@/lib/server/links/link-limits';
import { createSqliteLinkStore } from '@/lib/server/links/sqlite-link-store';
import { createdLinkSchema, createShortLinkOnServer, LINKS_ROUTE, routeErrorSchema } from '@/lib/share/links-route';

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

describe(`POST ${LINKS_ROUTE}`, () => {
  const deps: LinksDeps = {
    store: createSqliteLinkStore(':memory:'),
    rateLimit: createRateLimit(1_000),
    budget: createByteBudget(1024 * 1024),
    env: {},
  };
  // The page's fetch, answered by the route's own handler.
  const viaRoute: typeof fetch = async (url, init) =>
    handleLinksRequest(new Request(`http://localhost${url}`, init as RequestInit), undefined, deps);
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
