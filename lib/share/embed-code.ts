import { SHARE_PREFIX } from './share-link';
import { KEY_PREFIX, shortLinkIdOf } from '../shapes/short-link-address';

/** An HTML attribute value, quoted: `&`, `"`, `<` and `>` as entities. */
const attribute = (value: string) =>
  `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;

/**
 * The read-only player's address for a link: `/embed` with the same fragment for a fragment
 * link, `/embed/s/<id>` with the same key for a short link.
 */
export function embedUrl(shareUrl: string): string {
  const url = new URL(shareUrl);
  if (url.hash.startsWith(SHARE_PREFIX) && url.pathname === '/') return `${url.origin}/embed${url.hash}`;
  const shortId = shortLinkIdOf(url.pathname);
  if (shortId && url.hash.startsWith(KEY_PREFIX)) return `${url.origin}/embed/s/${shortId}${url.hash}`;
  throw new Error('not a share link');
}

/**
 * The `<iframe>` a course page or a blog post pastes to play a shared run: the embed player
 * (read-only, keyless, frameable), titled for screen readers, 640 × 600 unless the page sizes it (a lesson's note and question above still leave the graph room).
 */
export function embedCode(shareUrl: string, sessionName: string): string {
  const title = `Tool Playground: ${sessionName.trim() || 'a shared run'}`;
  return `<iframe src=${attribute(embedUrl(shareUrl))} title=${attribute(title)} width="640" height="600" style="border:1px solid #ccc;border-radius:8px" loading="lazy"></iframe>`;
}
