import { fetchShortLinkOnServer } from '@/lib/share/fetch-short-link';
import { describe, expect, it } from 'vitest';
import { handleLinksRequest, type LinksDeps } from '@/lib/server/links/handle-links-request';
import { createRateLimit } from '@/lib/server/links/link-limits';
import { createSqliteLinkStore } from '@/lib/server/links/sqlite-link-store';
import {
  createdLinkSchema,
  createShortLinkOnServer,
  deleteShortLinkOnServer,
  LINKS_ROUTE,
  linksStatusSchema,
  routeErrorSchema,
  shortLinksStatusOnServer,
} from '@/lib/share/links-route';
import { withContentLength } from '@/testing/with-content-length';

/** `/api/links` and `/api/links/<id>`: the route answers through its contract, the page sends and reads with it (route-contracts.test.ts). */
/** The page's fetch, answered by the links route's own handler (`/api/links` or `/api/links/<id>`) over a fresh store. */
function linksRouteFetch(): typeof fetch {
  const deps: LinksDeps = {
    store: createSqliteLinkStore(':memory:'),
    rateLimit: createRateLimit(1_000),
    budget: { maxBytes: 1024 * 1024, clientShareBytes: 1024 * 1024, shareWindowMs: 86_400_000 },
    uploadDeadlineMs: 60_000,
    env: {},
  };
  return async (url, init) => {
    const id = String(url).startsWith(`${LINKS_ROUTE}/`)
      ? decodeURIComponent(String(url).slice(LINKS_ROUTE.length + 1))
      : undefined;
    return handleLinksRequest(new Request(`http://localhost${url}`, withContentLength(init as RequestInit)), id, deps);
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
