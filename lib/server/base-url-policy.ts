import 'server-only';

/** Host names that always mean this machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export type BaseURLCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Whether the server may call `baseURL`: loopback addresses and the catalog's own preset URLs
 * always; other hosts only when the operator lists them in `allowedHosts`
 * (PLAYGROUND_ALLOWED_HOSTS) — no SSRF from a deployed instance.
 */
export function checkBaseURL(
  baseURL: string,
  allowedHosts: readonly string[],
  knownURLs: readonly string[] = [],
): BaseURLCheck {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return { ok: false, message: `"${baseURL}" is not a URL.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, message: `Only http and https base URLs are allowed, not ${url.protocol}` };
  if (url.username || url.password)
    return { ok: false, message: 'Base URLs may not carry credentials; give the key separately.' };
  const host = url.hostname.toLowerCase();
  if (knownURLs.some((known) => url.toString().replace(/\/$/, '') === known.replace(/\/$/, '')))
    return { ok: true, url: url.toString().replace(/\/$/, '') };
  if (isLoopback(host) || allowedHosts.map((allowed) => allowed.toLowerCase()).includes(host)) {
    return { ok: true, url: url.toString().replace(/\/$/, '') };
  }
  return {
    ok: false,
    message: `The server only calls custom base URLs on this machine (localhost). To allow ${host}, add it to PLAYGROUND_ALLOWED_HOSTS on the server.`,
  };
}

/** Whether two base URLs name the same place (trailing slashes and case of the host aside). */
export function sameBaseURL(a: string, b: string): boolean {
  try {
    return new URL(a).href.replace(/\/$/, '') === new URL(b).href.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** The hosts an operator allows beyond loopback, from PLAYGROUND_ALLOWED_HOSTS (comma-separated). */
export function readAllowedHosts(env: Record<string, string | undefined>): string[] {
  return (env.PLAYGROUND_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
}
