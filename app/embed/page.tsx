import type { Metadata } from 'next';
import { EmbedPlayer } from '@/components/embed/embed-player';

export const metadata: Metadata = {
  title: 'Tool Playground — shared run',
  description: 'A tool-calling run, played read-only: the conversation, the graph and the sequence diagram.',
};

/**
 * The frameable player (`/embed#share=…`): any site may frame it (its own headers say so, see
 * next.config.mjs and SECURITY.md); it reads the link in the browser and shows it read-only.
 */
export default function EmbedPage() {
  return <EmbedPlayer />;
}
