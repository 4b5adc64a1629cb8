/**
 * Up to this much unpacked text a short link is read on the page's thread (tens of ms: sooner
 * than a worker could start); a larger one is read in the link-reader worker.
 */
export const PAGE_READ_MAX_BYTES = 256 * 1024;

/**
 * A short link whose sealed bytes are more than this goes to the link-reader worker at once,
 * without a try on the page: sessions pack 10–40 times smaller, so it unpacks to about
 * `PAGE_READ_MAX_BYTES` or more. The page then loads no reader and no schema of its own (zod,
 * ~100 KB, compiled on the page's thread only to find the link too large), and the worker's
 * scripts load while the page hydrates. (A small link that packs badly is read in the worker
 * too: a little later, never on the page's thread.)
 */
export const PAGE_READ_MAX_SEALED_BYTES = 8 * 1024;
