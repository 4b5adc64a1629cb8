import type { MyShortLink } from '@/lib/share/my-short-links';

/**
 * Deletes a short link with the token this browser kept; whether it is gone (deleted now, or
 * already). The list of links is loaded only when needed (it reads with zod).
 */
export async function deleteShortLink(link: Pick<MyShortLink, 'id' | 'deleteToken'>): Promise<boolean> {
  const response = await fetch(`/api/links/${encodeURIComponent(link.id)}`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deleteToken: link.deleteToken }),
  }).catch(() => undefined);
  if (response?.status !== 204 && response?.status !== 404) return false;
  const { forgetMyShortLink } = await import('./my-short-links-storage');
  forgetMyShortLink(link.id);
  return true;
}
