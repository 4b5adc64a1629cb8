/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // WebContainer needs cross-origin isolation. Only the playground page gets it: these headers
  // block cross-origin assets and popups, so nothing else is isolated. `credentialless` (not
  // `require-corp`) still lets the page probe WebContainer's host before booting it. The
  // page's own worker scripts (Monaco, JavaScript handlers) must say the same to be allowed.
  async headers() {
    return [
      {
        source: '/_next/static/:path*',
        headers: [{ key: 'Cross-Origin-Embedder-Policy', value: 'credentialless' }],
      },
      {
        source: '/',
        headers: [
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
          { key: 'Cross-Origin-Embedder-Policy', value: 'credentialless' },
        ],
      },
    ];
  },
};

export default nextConfig;
