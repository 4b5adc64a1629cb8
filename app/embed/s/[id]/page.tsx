import type { Metadata } from 'next';
import { EmbedPlayer } from '@/components/embed/embed-player';
import { readStoredLink } from '@/lib/server/links/read-stored-link';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Tool Playground — shared run',
  description: 'A tool-calling run, played read-only: the conversation, the graph and the sequence diagram.',
};

/**
 * The frameable player for a short link (`/embed/s/<id>#k=<key>`): the server puts the
 * ciphertext in the page (the player may fetch nothing), the browser opens it with the key
 * from the fragment, which never reaches the server.
 */
export default async function EmbedShortLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const read = await readStoredLink((await params).id, process.env);
  return read.ok ? <EmbedPlayer sealed={read.ciphertext} /> : <EmbedPlayer problem={read.message} />;
}
