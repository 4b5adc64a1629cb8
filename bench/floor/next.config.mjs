// The floor page's build (bench/floor): Next.js's defaults, as `create-next-app` would leave them
// — and `/isolated`, the same page with the cross-origin isolation the playground's pages carry
// for WebContainer (the very headers its next.config.mjs sets).
import { EMBEDDER_POLICY_HEADER, ISOLATION_HEADERS } from '../../lib/server/cross-origin-isolation.mjs';

/** @type {import('next').NextConfig} */
export default {
  reactStrictMode: true,
  poweredByHeader: false,
  async headers() {
    return [
      { source: '/isolated', headers: ISOLATION_HEADERS },
      { source: '/_next/static/:path*', headers: [EMBEDDER_POLICY_HEADER] },
    ];
  },
};
