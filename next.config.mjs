import { fileURLToPath } from 'node:url';
import { appCsp, EMBED_CSP } from './lib/server/content-security-policy.mjs';
import { EMBEDDER_POLICY_HEADER, ISOLATION_HEADERS } from './lib/server/cross-origin-isolation.mjs';

const dev = process.env.NODE_ENV === 'development';

const APP_CSP = appCsp({ dev });

const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: APP_CSP },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Share links carry a session in the fragment (never sent); send no referrer at all anyway.
  { key: 'Referrer-Policy', value: 'no-referrer' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), browsing-topics=()',
  },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  turbopack: {
    rules: {
      // zod's locales out of the browser's chunks (scripts/bundler/zod-without-locales.cjs says why).
      '*.js': {
        condition: { all: ['browser', { path: /node_modules\/zod\/v4\/(core\/index|classic\/external)\.js$/ }] },
        loaders: [fileURLToPath(new URL('./scripts/bundler/zod-without-locales.cjs', import.meta.url))],
      },
    },
  },
  poweredByHeader: false,
  // WebContainer needs cross-origin isolation. Only the playground page gets it: these headers
  // block cross-origin assets and popups, so nothing else is isolated. `credentialless` (not
  // `require-corp`) still lets the page probe WebContainer's host before booting it. The
  // page's own worker scripts (Monaco) must say the same to be allowed.
  async headers() {
    return [
      // Everything but the handler frame, which sets a stricter policy of its own, the embed
      // player, which any site may frame, and the playground's pages, whose policy proxy.ts sets
      // at each request (it names the model catalogue's origins, a setting read at run time).
      { source: '/((?!handler-frame|embed$|embed/s/[^/]+$|s/[^/]+$|$).*)', headers: SECURITY_HEADERS },
      ...['/', '/s/:id'].map((source) => ({
        source,
        headers: SECURITY_HEADERS.filter(({ key }) => key !== 'Content-Security-Policy'),
      })),
      // The player, for a fragment link (/embed) and for a short link (/embed/s/<id>).
      ...['/embed', '/embed/s/:id'].map((source) => ({
        source,
        headers: [
          { key: 'Content-Security-Policy', value: EMBED_CSP },
          ...SECURITY_HEADERS.filter(({ key }) => key !== 'Content-Security-Policy' && key !== 'X-Frame-Options'),
        ],
      })),
      {
        source: '/_next/static/:path*',
        headers: [EMBEDDER_POLICY_HEADER],
      },
      // The playground, at its own address and at a short link's (/s/<id>).
      ...['/', '/s/:id'].map((source) => ({
        source,
        headers: ISOLATION_HEADERS,
      })),
    ];
  },
};

export default nextConfig;
