import { SHARE_PREFIX } from './share-link';

/** An HTML attribute value, quoted: `&`, `"`, `<` and `>` as entities. */
const attribute = (value: string) =>
  `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;

/** The read-only player's address for a share link: `/embed` with the same fragment. */
export function embedUrl(shareUrl: string): string {
  const url = new URL(shareUrl);
  if (!url.hash.startsWith(SHARE_PREFIX)) throw new Error('not a share link');
  return `${url.origin}/embed${url.hash}`;
}

/**
 * The `<iframe>` a course page or a blog post pastes to play a shared run: the embed player
 * (read-only, keyless, frameable), titled for screen readers, 640 × 400 unless the page sizes it.
 */
export function embedCode(shareUrl: string, sessionName: string): string {
  const title = `Tool Playground: ${sessionName.trim() || 'a shared run'}`;
  return `<iframe src=${attribute(embedUrl(shareUrl))} title=${attribute(title)} width="640" height="400" style="border:1px solid #ccc;border-radius:8px" loading="lazy"></iframe>`;
}
