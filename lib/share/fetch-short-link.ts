import { shortLinkRoute } from '../shapes/short-link-address';

/**
 * `GET /api/links/<id>` from the page: the sealed bytes, or why there are none in a sentence
 * without its full stop (the route's own, or ours when it could not be reached or answered oddly).
 * The route's contract (`links-route.ts`, zod) is loaded only to read a refusal: a link's viewer
 * fetches this before anything else of the page has loaded.
 */
export async function fetchShortLinkOnServer(
  fetch: typeof globalThis.fetch,
  id: string,
): Promise<{ ok: true; ciphertext: Uint8Array } | { ok: false; why: string }> {
  let response: Response;
  try {
    response = await fetch(shortLinkRoute(id));
  } catch {
    return { ok: false, why: 'the playground’s server could not be reached' };
  }
  if (!response.ok) {
    const { readRouteRefusal } = await import('./links-route');
    return {
      ok: false,
      why: (await readRouteRefusal(response, `the server answered ${response.status}`)).replace(/\.$/, ''),
    };
  }
  return { ok: true, ciphertext: new Uint8Array(await response.arrayBuffer()) };
}
