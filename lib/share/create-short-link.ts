import type { SessionData } from '../session/session-schema';
import { shortLinkUrl } from '../shapes/short-link-address';
import { createShortLinkOnServer, type LINK_EXPIRY_CHOICES } from './links-route';
import { sealSession, toBase64url } from './short-link';

/** A short link made: its address (the key in the fragment), and what deletes it. */
export type MadeShortLink = { id: string; url: string; deleteToken: string; expiresAtMs: number | undefined };

/**
 * `Create short link`: the session (as its author views it) sealed here — gzip, AES-GCM, a fresh
 * key — and only the ciphertext sent to the server (`POST /api/links`); the link `/s/<id>#k=<key>`
 * keeps the key in its fragment, which no request carries. Says in a sentence why none was made.
 */
export async function createShortLink({
  session,
  expires,
  fetch,
  origin,
}: {
  session: SessionData;
  expires: (typeof LINK_EXPIRY_CHOICES)[number];
  fetch: typeof globalThis.fetch;
  origin: string;
}): Promise<{ ok: true; link: MadeShortLink } | { ok: false; message: string }> {
  try {
    const { ciphertext, key } = await sealSession(session);
    const made = await createShortLinkOnServer(fetch, { ciphertext: toBase64url(ciphertext), expires });
    if (!made.ok) return made;
    const { id, deleteToken, expiresAtMs } = made.link;
    return {
      ok: true,
      link: { id, url: shortLinkUrl(origin, id, key), deleteToken, expiresAtMs: expiresAtMs ?? undefined },
    };
  } catch (error) {
    return {
      ok: false,
      message: `The short link was not made: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
