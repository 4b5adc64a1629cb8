import type { MyShortLink } from '@/lib/share/my-short-links';

/**
 * Deletes a short link with the token this browser kept; whether it is gone (deleted now, or
 * already) — then this browser forgets it too.
 */
export async function deleteShortLink(link: Pick<MyShortLink, 'id' | 'deleteToken'>): Promise<boolean> {
  // The contract (zod) loads with the first deletion, not with the page.
  const { deleteShortLinkOnServer } = await import('@/lib/share/links-route');
  const deleted = await deleteShortLinkOnServer(fetch, link.id, link.deleteToken);
  if (!deleted.ok) return false;
  const { forgetMyShortLink } = await import('./my-short-links-storage');
  forgetMyShortLink(link.id);
  return true;
}
