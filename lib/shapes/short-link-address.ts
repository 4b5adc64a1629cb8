/* A short link's address, written once: `/s/<id>#k=<key>` (the key in the fragment, which browsers never send). */

/** A short link's id: 128 random bits, base64url. */
export const SHORT_LINK_ID = /^[A-Za-z0-9_-]{22}$/;
export const SHORT_LINK_PATH = '/s/';
/** What the fragment starts with; the key follows. */
export const KEY_PREFIX = '#k=';

/** The route that keeps short links (`lib/share/links-route.ts` is its contract). */
export const LINKS_ROUTE = '/api/links';
/** `GET` and `DELETE /api/links/<id>`: one link's address on the route. */
export const shortLinkRoute = (id: string) => `${LINKS_ROUTE}/${encodeURIComponent(id)}`;

/** The whole link, for this playground's origin. */
export const shortLinkUrl = (origin: string, id: string, key: string) =>
  `${origin}${SHORT_LINK_PATH}${id}${KEY_PREFIX}${key}`;

/** The id a short link's path names (`/s/<id>`, a trailing slash allowed), or undefined for any other path. */
export function shortLinkIdOf(pathname: string): string | undefined {
  if (!pathname.startsWith(SHORT_LINK_PATH)) return undefined;
  const id = pathname.slice(SHORT_LINK_PATH.length).replace(/\/$/, '');
  return SHORT_LINK_ID.test(id) ? id : undefined;
}
