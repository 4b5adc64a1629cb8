import { preload } from 'react-dom';
import { SHORT_LINK_ID, shortLinkRoute } from '@/lib/shapes/short-link-address';
import Page from '../../page';

/**
 * A short link, `/s/<id>#k=<key>`: the playground itself, which fetches the ciphertext, decrypts
 * it with the key from the fragment (never sent to the server) and opens it read-only. The
 * ciphertext is asked for with the HTML (a preload the page's own `fetch` takes over), so it is
 * here before the page's scripts are.
 */
export default async function ShortLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (SHORT_LINK_ID.test(id)) preload(shortLinkRoute(id), { as: 'fetch', crossOrigin: 'anonymous' });
  return <Page />;
}
