import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { processShared } from './server-process';
import https from 'node:https';

/**
 * The header the server stamps on every request with the address of the socket it came in on.
 * Next.js passes a route only the request's headers, and fills `X-Forwarded-For` from the
 * socket only when the client sent none — so the client writes that header whole. This one
 * the server writes itself, overwriting whatever a client sent under its name.
 */
export const PEER_HEADER = 'x-playground-peer';
/** The proxies in front of this server to trust, by address or range: `X-Forwarded-For` is read only from them (default none). */
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

/** The proxies the operator trusts (`PLAYGROUND_TRUSTED_PROXIES`), and what of the setting could not be read. */
export type TrustedProxies = { list: BlockList; count: number; unread: string[] };

const plainAddress = (address: string) => {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
};

/**
 * `PLAYGROUND_TRUSTED_PROXIES`: the proxies' addresses or CIDR ranges, separated by commas or
 * spaces (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`). A bare count (the form before 0.27) trusts
 * nothing: a count would trust any client that reaches the port directly.
 */
export function trustedProxiesOf(env: Record<string, string | undefined>): TrustedProxies {
  const list = new BlockList();
  const unread: string[] = [];
  let count = 0;
  for (const entry of (env[TRUSTED_PROXIES_ENV] ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 100)) {
    const [address, prefix, extra] = entry.split('/');
    const type = isIP(address);
    const bits = prefix === undefined ? (type === 6 ? 128 : 32) : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (type === 0 || extra !== undefined || bits < 0 || bits > (type === 6 ? 128 : 32)) {
      unread.push(entry);
      continue;
    }
    list.addSubnet(address, bits, type === 6 ? 'ipv6' : 'ipv4');
    count++;
  }
  return { list, count, unread };
}

const isTrusted = (proxies: TrustedProxies, address: string) => {
  const plain = plainAddress(address);
  const type = isIP(plain);
  return type !== 0 && proxies.list.check(plain, type === 6 ? 'ipv6' : 'ipv4');
};

/**
 * The address a request came from, or undefined when it cannot be known. It is the socket's
 * address — unless the socket's peer is a trusted proxy (`PLAYGROUND_TRUSTED_PROXIES`): then
 * `X-Forwarded-For` is read from the right, past every trusted proxy, and the first address
 * that is not one is the client. Entries left of it are the client's to forge and are never read.
 */
export function clientAddressOf(request: Request, env: Record<string, string | undefined>): string | undefined {
  const peer = peerAddressOf(request);
  if (peer === undefined) return undefined;
  const proxies = trustedProxiesOf(env);
  const forwarded = request.headers.get('x-forwarded-for');
  if (proxies.count === 0 || !isTrusted(proxies, peer)) {
    if (forwarded !== null && proxies.count === 0) warnOnce(env);
    return plainAddress(peer);
  }
  const chain = (forwarded ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  let client = peer;
  while (chain.length > 0 && isTrusted(proxies, client)) client = chain.pop() ?? client;
  return plainAddress(client);
}

/**
 * Once per process: requests carry `X-Forwarded-For` but no proxy is trusted, so every client
 * behind the proxy is one address to the limits (or the setting could not be read).
 */
function warnOnce(env: Record<string, string | undefined>): void {
  const warned = processShared('trusted-proxies-warning', 'once', () => ({ said: false }));
  if (warned.said) return;
  warned.said = true;
  const setting = env[TRUSTED_PROXIES_ENV]?.trim();
  console.warn(
    setting
      ? `Requests carry X-Forwarded-For, but ${TRUSTED_PROXIES_ENV}="${setting.slice(0, 100)}" names no proxy address: list the proxies' addresses or ranges (e.g. 10.0.0.5 or 10.0.0.0/8); a count is no longer read.`
      : `Requests carry X-Forwarded-For, but no proxy is trusted: behind a reverse proxy every client counts as the proxy's address. Set ${TRUSTED_PROXIES_ENV} to the proxies' addresses or ranges.`,
  );
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
