// Cross-origin isolation (WebContainer needs `SharedArrayBuffer`): the playground's pages carry
// both headers, and every static asset the page loads carries the embedder policy. One place,
// read by next.config.mjs and by the floor the first-load benches time isolated
// (bench/floor/next.config.mjs, docs/decisions/first-load.md).

/** The embedder policy: `credentialless` still lets the page probe WebContainer's host. */
export const EMBEDDER_POLICY_HEADER = { key: 'Cross-Origin-Embedder-Policy', value: 'credentialless' };

/** What makes a page cross-origin isolated. */
export const ISOLATION_HEADERS = [{ key: 'Cross-Origin-Opener-Policy', value: 'same-origin' }, EMBEDDER_POLICY_HEADER];
