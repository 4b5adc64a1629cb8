import { createWorkerCalls, type WorkerLike } from '@/lib/platform/worker-calls';
import { PAGE_READ_MAX_SEALED_BYTES } from '@/lib/share/page-read-limits';
import type { ReadLinkRequest } from '@/lib/share/read-link';
import type { ParsedSession } from '@/lib/session/session-schema';

/**
 * Reads a link; `warm(route)` starts the reader while a short link is fetched from `route`: the
 * worker, when the page has already preloaded a large link there; else the page's own reader and
 * the session's schema.
 */
export type LinkReader = ((request: ReadLinkRequest) => Promise<ParsedSession>) & { warm(route: string): void };

const pageReader = () => import('@/lib/share/read-link');
// The reader asks for the schema only once it has decrypted: asked for together, the two arrive in one round trip.
const sessionSchema = () => import('@/lib/session/session-schema');

/** Too large for a try on the page (`PAGE_READ_MAX_SEALED_BYTES`). */
const largeSealed = (bytes: number) => bytes > PAGE_READ_MAX_SEALED_BYTES;

/**
 * How many bytes the response at `route` had, if the page has it already (a short link's page
 * preloads its ciphertext with the HTML: it is usually here before the page's scripts run).
 */
function preloadedBytes(route: string): number | undefined {
  const url = new URL(route, window.location.href).href;
  const [entry] = performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];
  return entry && entry.responseEnd > 0 && entry.decodedBodySize > 0 ? entry.decodedBodySize : undefined;
}

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
    if (request.kind !== 'sealed' || !largeSealed(request.ciphertext.byteLength)) {
      const small = await (await pageReader()).readSmallLink(request);
      if (small) return small;
    }
    return call(request).catch(async () => (await pageReader()).readLink(request));
  };
  return Object.assign(read, {
    warm: (route: string) => {
      const bytes = preloadedBytes(route);
      if (bytes !== undefined && largeSealed(bytes)) {
        call.start();
        return;
      }
      void pageReader();
      void sessionSchema();
    },
  });
}
