import { createWorkerCalls, type WorkerLike } from '@/lib/platform/worker-calls';
import type { ReadLinkRequest } from '@/lib/share/read-link';
import type { ParsedSession } from '@/lib/session/session-schema';

/** Reads a link; `warm()` starts the reader (its code loads while the link is fetched). */
export type LinkReader = ((request: ReadLinkRequest) => Promise<ParsedSession>) & { warm(): void };

/**
 * Reads links in the link-reader worker (made on the first link or `warm()`, kept for the next);
 * where no worker can run, on the page's thread — the same reader either way.
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
  const read = (request: ReadLinkRequest) =>
    call(request).catch(async () => (await import('@/lib/share/read-link')).readLink(request));
  return Object.assign(read, { warm: call.warm });
}
