const dev = process.env.NODE_ENV === 'development';

/** Where WebContainer boots from (an iframe) and what the page probes before booting it. */
const WEBCONTAINER_HOSTS =
  'https://stackblitz.com https://*.stackblitz.com https://*.webcontainer-api.io https://*.webcontainer.io';

/**
 * The playground's Content-Security-Policy. 'unsafe-inline' scripts: Next's bootstrap is
 * inline; 'unsafe-eval': Ajv compiles each schema into a function. What the policy does
 * buy: no other site can frame the playground (and click "Fork to edit"), the page can
 * call only its own server and StackBlitz, no plugins, no <base> hijack. JavaScript handlers
 * run in /handler-frame, under a much stricter policy of their own (no network at all).
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Audio an MCP tool returned plays from its data.
  "media-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  `frame-src 'self' ${WEBCONTAINER_HOSTS}`,
  `connect-src 'self' ${WEBCONTAINER_HOSTS}${dev ? ' ws: wss:' : ''}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The embed player's policy (/embed): any site may frame it — there is nothing in it that
 * acts (no run, no fork, no storage, no key), so a frame around it cannot trick a click into
 * anything. It may not call any server at all (connect-src 'none'), nor frame anything.
 */
const EMBED_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'none'",
  "frame-src 'none'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

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
  poweredByHeader: false,
  // WebContainer needs cross-origin isolation. Only the playground page gets it: these headers
  // block cross-origin assets and popups, so nothing else is isolated. `credentialless` (not
  // `require-corp`) still lets the page probe WebContainer's host before booting it. The
  // page's own worker scripts (Monaco) must say the same to be allowed.
  async headers() {
    return [
      // Everything but the handler frame, which sets a stricter policy of its own, and the
      // embed player, which any site may frame.
      { source: '/((?!handler-frame|embed$|embed/s/[^/]+$).*)', headers: SECURITY_HEADERS },
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
        headers: [{ key: 'Cross-Origin-Embedder-Policy', value: 'credentialless' }],
      },
      // The playground, at its own address and at a short link's (/s/<id>).
      ...['/', '/s/:id'].map((source) => ({
        source,
        headers: [
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
          { key: 'Cross-Origin-Embedder-Policy', value: 'credentialless' },
        ],
      })),
    ];
  },
};

export default nextConfig;
