import { createWorkerCalls, type WorkerLike } from '@/lib/platform/worker-calls';
import type { ReadLinkRequest } from '@/lib/share/read-link';
import type { ParsedSession } from '@/lib/session/session-schema';

/** Reads a link; `warm()` loads the page's own reader and the session's schema while the link is fetched. */
export type LinkReader = ((request: ReadLinkRequest) => Promise<ParsedSession>) & { warm(): void };

const pageReader = () => import('@/lib/share/read-link');
// The reader asks for the schema only once it has decrypted: asked for together, the two arrive in one round trip.
const sessionSchema = () => import('@/lib/session/session-schema');

/**
 * Reads a small short link on the page's thread (`readSmallLink`: sooner than a worker could
 * start), and every other link in the link-reader worker (made on the first such link, kept for
 * the next); where no worker can run, on the page's thread — the same reader either way.
 */
export function readLinkInWorker(): LinkReader {
  const call = createWorkerCalls<ReadLinkRequest, ParsedSession>(
    () =>
      new Worker(new URL('./link-reader.worker.ts', import.meta.url), {
        type: 'module',
        name: 'link-reader',
      }) as unknown as WorkerLike<ReadLinkRequest, ParsedSession>,
    'The link-reader worker did not load.',
  );
  const read = async (request: ReadLinkRequest) => {
    const small = await (await pageReader()).readSmallLink(request);
    if (small) return small;
    return call(request).catch(async () => (await pageReader()).readLink(request));
  };
  return Object.assign(read, {
    warm: () => {
      void pageReader();
      void sessionSchema();
    },
  });
}
