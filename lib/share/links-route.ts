import { z } from 'zod';
import { readRouteRefusal, routeErrorSchema } from '../shapes/route-error';
import { LINKS_ROUTE, SHORT_LINK_ID, shortLinkRoute } from '../shapes/short-link-address';

/*
 * `/api/links`, one contract for both sides (lib/share/CONTEXT.md): what `POST` takes and answers,
 * and the error every answer of the route may be. The route reads and answers through it; the
 * page sends and reads with it.
 */

export { LINKS_ROUTE, shortLinkRoute };
export const LINK_EXPIRY_CHOICES = ['1d', '30d', 'never'] as const;

/** `POST /api/links`: the sealed session as base64url text, and how long to keep it (30 days unless said). */
export const createLinkRequestSchema = z.object({
  ciphertext: z
    .string({ error: '"ciphertext" must be the encrypted session as base64url text' })
    .regex(/^[A-Za-z0-9_-]+$/, '"ciphertext" must be the encrypted session as base64url text'),
  expires: z.enum(LINK_EXPIRY_CHOICES, { error: '"expires" must be "1d", "30d" or "never"' }).default('30d'),
});
export type CreateLinkRequest = z.input<typeof createLinkRequestSchema>;

/** What `POST` answers (201): the link's id and the token that deletes it (kept by the browser that made it). */
export const createdLinkSchema = z.object({
  id: z.string().regex(SHORT_LINK_ID),
  deleteToken: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  expiresAtMs: z.number().int().nullable(),
});
export type CreatedLink = z.infer<typeof createdLinkSchema>;

/** `GET /api/links` (200): short links are on here, how large one may be and how long it may be kept. */
export const linksStatusSchema = z.object({
  enabled: z.literal(true),
  maxBytes: z.number().int().positive(),
  expiries: z.array(z.enum(LINK_EXPIRY_CHOICES)),
});
export type LinksStatus = z.infer<typeof linksStatusSchema>;

/** `DELETE /api/links/<id>`: the token `POST` answered, which only the browser that made the link kept. */
export const deleteLinkRequestSchema = z.object({
  deleteToken: z.string({ error: '"deleteToken" is required' }).max(100, '"deleteToken" is not a delete token'),
});

/** What every refusal of the route answers (the same for every route), and how the page reads one. */
export { readRouteRefusal, routeErrorSchema };

/** `GET /api/links` from the page: whether this server keeps short links (an answer the contract refuses: it does not). */
export async function shortLinksStatusOnServer(fetch: typeof globalThis.fetch): Promise<LinksStatus | undefined> {
  const response = await fetch(LINKS_ROUTE);
  if (!response.ok) return undefined;
  const status = linksStatusSchema.safeParse(await response.json().catch(() => undefined));
  return status.success ? status.data : undefined;
}

/**
 * `DELETE /api/links/<id>` from the page: `gone` when the link no longer exists (deleted now, or
 * already — 204 or 404), else the reason it is still there.
 */
export async function deleteShortLinkOnServer(
  fetch: typeof globalThis.fetch,
  id: string,
  deleteToken: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await fetch(shortLinkRoute(id), {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(deleteLinkRequestSchema.parse({ deleteToken })),
    });
  } catch {
    return { ok: false, message: 'The playground’s server could not be reached.' };
  }
  if (response.status === 204 || response.status === 404) return { ok: true };
  return { ok: false, message: await readRouteRefusal(response, `The server answered ${response.status}.`) };
}

/**
 * `POST /api/links` from the page: the request built and the answer read with the contract; the
 * route's own sentence when it refuses, one of ours when it answers something else.
 */
export async function createShortLinkOnServer(
  fetch: typeof globalThis.fetch,
  request: CreateLinkRequest,
): Promise<{ ok: true; link: CreatedLink } | { ok: false; message: string }> {
  const response = await fetch(LINKS_ROUTE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(createLinkRequestSchema.parse(request)),
  });
  if (!response.ok)
    return { ok: false, message: await readRouteRefusal(response, `The server answered ${response.status}.`) };
  const made = createdLinkSchema.safeParse(await response.json().catch(() => undefined));
  return made.success
    ? { ok: true, link: made.data }
    : { ok: false, message: 'The server answered something else than a short link.' };
}
