import { z } from 'zod';
import { SHORT_LINK_ID } from '../shapes/short-link-address';

/**
 * The short links this browser made, as it keeps them (in its own storage, never sent
 * anywhere): the link itself — its key in the fragment, as a browser's history would keep it —
 * its delete token, and when it was made and expires.
 */
export type MyShortLink = z.infer<typeof myShortLinkSchema>;

/** How many links the list keeps (the oldest go first). */
export const MAX_MY_SHORT_LINKS = 200;

const myShortLinkSchema = z.object({
  id: z.string().regex(SHORT_LINK_ID),
  /** The whole link, `…/s/<id>#k=<key>`; absent for a link made before the list kept them. */
  url: z.string().max(2_000).optional(),
  deleteToken: z.string().max(100),
  /** What the run is known by: its first question. */
  title: z.string().max(200).default(''),
  createdAtMs: z.number().optional(),
  /** Undefined: never expires. */
  expiresAtMs: z.number().optional(),
});

/**
 * The list as stored (`stored`), read strictly — what does not read as a link is left out —
 * with the delete tokens an older version kept alone (`legacyTokens`: id → token) added as
 * links without an address. Newest first.
 */
export function readMyShortLinks(stored: string | null, legacyTokens: string | null = null): MyShortLink[] {
  const parse = (text: string | null): unknown => {
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  };
  const listed = z.array(z.unknown()).safeParse(parse(stored));
  const links = (listed.success ? listed.data : []).flatMap((entry) => {
    const read = myShortLinkSchema.safeParse(entry);
    return read.success ? [read.data] : [];
  });
  const tokens = z.record(z.string(), z.string()).safeParse(parse(legacyTokens));
  for (const [id, deleteToken] of Object.entries(tokens.success ? tokens.data : {})) {
    const read = myShortLinkSchema.safeParse({ id, deleteToken });
    if (read.success && !links.some((link) => link.id === id)) links.push(read.data);
  }
  return links.sort((a, b) => (b.createdAtMs ?? 0) - (a.createdAtMs ?? 0)).slice(0, MAX_MY_SHORT_LINKS);
}

/** The list with `link` first (a link already there is replaced), bounded. */
export function addMyShortLink(links: readonly MyShortLink[], link: MyShortLink): MyShortLink[] {
  return [link, ...links.filter((each) => each.id !== link.id)].slice(0, MAX_MY_SHORT_LINKS);
}

/** Whether a link has expired at `nowMs`. */
export const hasExpired = (link: MyShortLink, nowMs: number) =>
  link.expiresAtMs !== undefined && link.expiresAtMs <= nowMs;

/** When a link expires, as a person reads it: "never", "expired", or a date ("26 Dec 2026"). */
export function describeExpiry(link: MyShortLink, nowMs: number): string {
  if (link.expiresAtMs === undefined) return 'never expires';
  if (hasExpired(link, nowMs)) return 'expired';
  const date = new Date(link.expiresAtMs).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `expires ${date}`;
}
