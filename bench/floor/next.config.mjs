// The floor page's build (bench/floor): Next.js's defaults, as `create-next-app` would leave them
// — and `/isolated`, the same page with the cross-origin isolation the playground's pages need
// for WebContainer (its COOP and COEP, as the playground's next.config.mjs sets them).
/** @type {import('next').NextConfig} */
export default {
  reactStrictMode: true,
  poweredByHeader: false,
  async headers() {
    return [
      {
        source: '/isolated',
        headers: [
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
          { key: 'Cross-Origin-Embedder-Policy', value: 'credentialless' },
        ],
      },
      { source: '/_next/static/:path*', headers: [{ key: 'Cross-Origin-Embedder-Policy', value: 'credentialless' }] },
    ];
  },
};
