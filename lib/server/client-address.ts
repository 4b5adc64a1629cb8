import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/**
 * The header the server stamps on every request with the address of the socket it came in on.
 * Next.js passes a route only the request's headers, and fills `X-Forwarded-For` from the
 * socket only when the client sent none — so the client writes that header whole. This one
 * the server writes itself, overwriting whatever a client sent under its name.
 */
export const PEER_HEADER = 'x-playground-peer';
/** How many proxies in front of this server to trust: `X-Forwarded-For` entries read from the right (default 0). */
export const TRUSTED_PROXIES_ENV = 'PLAYGROUND_TRUSTED_PROXIES';

/**
 * The stamp carries this server start's random secret before the address, so a request that
 * reached the server before the stamp was installed (while it boots) — whose header, if any,
 * the client wrote — is read as "address unknown", never as the address it claims. Kept on
 * `globalThis` because Next bundles instrumentation and each route as separate module copies.
 */
const SECRET_KEY = Symbol.for('tool-playground.peer-stamp-secret');
type WithSecret = { [SECRET_KEY]?: string };
const stampSecret = (): string | undefined => (globalThis as WithSecret)[SECRET_KEY];

type EmittingServer = { prototype: { emit: (event: string | symbol, ...args: unknown[]) => boolean } };

/**
 * Stamps every request the given server classes receive (by default Node's `http.Server` and
 * `https.Server`, which Next's server is made of) with its socket's address, once per process;
 * called from `instrumentation.ts` when the server starts. It wraps `emit` because Next owns
 * the servers' request listeners.
 */
export function installPeerStamp(servers: readonly EmittingServer[] = [http.Server, https.Server]): void {
  const holder = globalThis as WithSecret;
  if (holder[SECRET_KEY]) return;
  const secret = randomBytes(18).toString('base64url');
  holder[SECRET_KEY] = secret;
  for (const server of servers) {
    const emit = server.prototype.emit;
    server.prototype.emit = function stampThenEmit(this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === 'request') {
        const request = args[0] as IncomingMessage;
        request.headers[PEER_HEADER] = `${secret} ${request.socket?.remoteAddress ?? ''}`;
      }
      return emit.call(this, event, ...args);
    };
  }
}

/** How many proxies the operator trusts (`PLAYGROUND_TRUSTED_PROXIES`: a whole number, 0 to 10; anything else is 0). */
export function trustedProxiesOf(env: Record<string, string | undefined>): number {
  const value = env[TRUSTED_PROXIES_ENV]?.trim() ?? '';
  return /^\d{1,2}$/.test(value) ? Math.min(10, Number(value)) : 0;
}

/**
 * The address a request came from, or undefined when it cannot be known. It is the socket's
 * address; behind `n` trusted proxies (`PLAYGROUND_TRUSTED_PROXIES=n`) it is the entry `n`
 * places from the right of `X-Forwarded-For` with the socket's address appended — the
 * address the outermost trusted proxy saw. Entries left of it are the client's to forge and
 * are never read.
 */
export function clientAddressOf(request: Request, env: Record<string, string | undefined>): string | undefined {
  const peer = peerAddressOf(request);
  if (peer === undefined) return undefined;
  const trusted = trustedProxiesOf(env);
  if (trusted === 0) return peer;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const chain = [...forwarded, peer];
  // Fewer entries than trusted proxies: the request did not come through them all; the leftmost is the best known.
  return chain[Math.max(0, chain.length - 1 - trusted)];
}

/** The socket's address as the server stamped it, or undefined (no stamp, a stamp from before it was installed, or a forged one). */
export function peerAddressOf(request: Request): string | undefined {
  const secret = stampSecret();
  const stamp = request.headers.get(PEER_HEADER);
  if (!secret || !stamp) return undefined;
  const space = stamp.indexOf(' ');
  const given = Buffer.from(stamp.slice(0, Math.max(0, space)));
  const expected = Buffer.from(secret);
  if (space === -1 || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return stamp.slice(space + 1) || undefined;
}
