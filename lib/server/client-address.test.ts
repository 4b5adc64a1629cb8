import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWithPeerStamp } from '../../testing/serve-with-peer-stamp';
import { clientAddressOf, PEER_HEADER, peerAddressOf, trustedProxiesOf } from './client-address';

let env: Record<string, string | undefined> = {};
let server: Awaited<ReturnType<typeof serveWithPeerStamp>>;
beforeAll(async () => {
  server = await serveWithPeerStamp(async (request) =>
    Response.json({ client: clientAddressOf(request, env) ?? null, peer: peerAddressOf(request) ?? null }),
  );
});
afterAll(() => server.close());

const ask = async (headers: Record<string, string>) =>
  (await (await fetch(server.url, { headers })).json()) as { client: string | null; peer: string | null };

describe('the client address', () => {
  it('is the socket address, whatever X-Forwarded-For or a forged stamp says, when no proxy is trusted', async () => {
    env = {};
    expect(await ask({})).toEqual({ client: '127.0.0.1', peer: '127.0.0.1' });
    expect(await ask({ 'x-forwarded-for': '203.0.113.9' })).toMatchObject({ client: '127.0.0.1' });
    expect(await ask({ 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toMatchObject({ client: '127.0.0.1' });
    expect(await ask({ [PEER_HEADER]: 'guess 203.0.113.9' })).toMatchObject({ client: '127.0.0.1' });
  });

  it('behind n trusted proxies, is the entry n places from the right of X-Forwarded-For plus the socket', async () => {
    env = { PLAYGROUND_TRUSTED_PROXIES: '1' };
    // One proxy: it appended the address it saw last; anything left of that is the client's own writing.
    expect(await ask({ 'x-forwarded-for': 'forged, 203.0.113.9' })).toMatchObject({ client: '203.0.113.9' });
    env = { PLAYGROUND_TRUSTED_PROXIES: '2' };
    expect(await ask({ 'x-forwarded-for': 'forged, 203.0.113.9, 10.0.0.2' })).toMatchObject({ client: '203.0.113.9' });
    // Fewer hops than trusted proxies: the leftmost known, never beyond the list.
    expect(await ask({ 'x-forwarded-for': '203.0.113.9' })).toMatchObject({ client: '203.0.113.9' });
    expect(await ask({})).toMatchObject({ client: '127.0.0.1' });
  });

  it('is unknown for a request the server did not stamp (or whose stamp a client wrote)', () => {
    env = {};
    const forged = new Request('http://localhost/', {
      headers: { [PEER_HEADER]: 'not-the-secret 127.0.0.1', 'x-forwarded-for': '127.0.0.1' },
    });
    expect(peerAddressOf(forged)).toBeUndefined();
    expect(clientAddressOf(forged, env)).toBeUndefined();
  });

  it('reads PLAYGROUND_TRUSTED_PROXIES as a small whole number, anything else as none', () => {
    expect(trustedProxiesOf({})).toBe(0);
    expect(trustedProxiesOf({ PLAYGROUND_TRUSTED_PROXIES: '2' })).toBe(2);
    expect(trustedProxiesOf({ PLAYGROUND_TRUSTED_PROXIES: 'true' })).toBe(0);
    expect(trustedProxiesOf({ PLAYGROUND_TRUSTED_PROXIES: '-1' })).toBe(0);
    expect(trustedProxiesOf({ PLAYGROUND_TRUSTED_PROXIES: '99' })).toBe(10);
  });
});
