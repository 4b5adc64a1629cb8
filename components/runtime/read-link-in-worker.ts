import { createWorkerCalls, type WorkerLike } from '@/lib/platform/worker-calls';
import type { ReadLinkRequest } from '@/lib/share/read-link';
import type { ParsedSession } from '@/lib/session/session-schema';

/**
 * Reads links in the link-reader worker (made on the first link, kept for the next); where no
 * worker can run, on the page's thread — the same reader either way.
 */
export function readLinkInWorker(): (request: ReadLinkRequest) => Promise<ParsedSession> {
  const call = createWorkerCalls<ReadLinkRequest, ParsedSession>(
    () =>
      new Worker(new URL('./link-reader.worker.ts', import.meta.url), {
        type: 'module',
        name: 'link-reader',
      }) as unknown as WorkerLike<ReadLinkRequest, ParsedSession>,
    'The link-reader worker did not load.',
  );
  return (request) => call(request).catch(async () => (await import('@/lib/share/read-link')).readLink(request));
}
