// The playground's Content-Security-Policies, in one place for next.config.mjs (every path, at
// build) and proxy.ts (the playground's pages, at each request: the model catalogue's origins are
// the deployment's setting, read when the server runs). Plain JavaScript: next.config.mjs imports it.

/** Where WebContainer boots from (an iframe) and what the page probes before booting it. */
const WEBCONTAINER_HOSTS =
  'https://stackblitz.com https://*.stackblitz.com https://*.webcontainer-api.io https://*.webcontainer.io';

/**
 * The playground's policy. 'unsafe-inline' scripts: Next's bootstrap is inline; 'unsafe-eval': Ajv
 * compiles each schema into a function. What the policy does buy: no other site can frame the
 * playground (and click "Fork to edit"), the page can call only its own server, StackBlitz and the
 * origins of the models it offers to download (`modelOrigins`), no plugins, no <base> hijack.
 * JavaScript handlers run in /handler-frame, under a much stricter policy of their own (no network).
 * @param {{ dev: boolean, modelOrigins?: string[] }} options
 */
export function appCsp({ dev, modelOrigins = [] }) {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Audio an MCP tool returned plays from its data.
    "media-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `frame-src 'self' ${WEBCONTAINER_HOSTS}`,
    ["connect-src 'self'", WEBCONTAINER_HOSTS, ...modelOrigins, ...(dev ? ['ws:', 'wss:'] : [])].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The embed player's policy (/embed): any site may frame it — there is nothing in it that acts (no
 * run, no fork, no storage, no key), so a frame around it cannot trick a click into anything. It
 * may not call any server at all (connect-src 'none'), nor frame anything.
 */
export const EMBED_CSP = [
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
