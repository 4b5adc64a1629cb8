import { z } from 'zod';
import { routeErrorSchema } from '../shapes/route-error';
import { SHORT_LINK_ID } from '../shapes/short-link-address';

/*
 * `/api/links`, one contract for both sides (lib/share/CONTEXT.md): what `POST` takes and answers,
 * and the error every answer of the route may be. The route reads and answers through it; the
 * page sends and reads with it.
 */

export const LINKS_ROUTE = '/api/links';
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

/** What every refusal of the route answers (the same for every route). */
export { routeErrorSchema };

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
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const refused = routeErrorSchema.safeParse(answer);
    return {
      ok: false,
      message: refused.success ? refused.data.error.message : `The server answered ${response.status}.`,
    };
  }
  const made = createdLinkSchema.safeParse(answer);
  return made.success
    ? { ok: true, link: made.data }
    : { ok: false, message: 'The server answered something else than a short link.' };
}
