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

  it('behind trusted proxies named by address or range, is the first address from the right that is not one', async () => {
    env = { PLAYGROUND_TRUSTED_PROXIES: '127.0.0.1' };
    // One proxy: it appended the address it saw last; anything left of that is the client's own writing.
    expect(await ask({ 'x-forwarded-for': 'forged, 203.0.113.9' })).toMatchObject({ client: '203.0.113.9' });
    env = { PLAYGROUND_TRUSTED_PROXIES: '127.0.0.0/8, 10.0.0.0/8' };
    expect(await ask({ 'x-forwarded-for': 'forged, 203.0.113.9, 10.0.0.2' })).toMatchObject({ client: '203.0.113.9' });
    // Every hop trusted: the leftmost known, never beyond the list.
    expect(await ask({ 'x-forwarded-for': '10.0.0.9' })).toMatchObject({ client: '10.0.0.9' });
    expect(await ask({})).toMatchObject({ client: '127.0.0.1' });
  });

  it('reads X-Forwarded-For only when the socket peer is a trusted proxy', async () => {
    // The peer (127.0.0.1) is not the proxy named: what the client wrote is not read.
    env = { PLAYGROUND_TRUSTED_PROXIES: '10.0.0.5' };
    expect(await ask({ 'x-forwarded-for': '203.0.113.9' })).toMatchObject({ client: '127.0.0.1' });
    // A count (the form before 0.27) trusts nothing: it would trust anyone who reaches the port.
    env = { PLAYGROUND_TRUSTED_PROXIES: '1' };
    expect(await ask({ 'x-forwarded-for': '203.0.113.9' })).toMatchObject({ client: '127.0.0.1' });
  });

  it('is unknown for a request the server did not stamp (or whose stamp a client wrote)', () => {
    env = {};
    const forged = new Request('http://localhost/', {
      headers: { [PEER_HEADER]: 'not-the-secret 127.0.0.1', 'x-forwarded-for': '127.0.0.1' },
    });
    expect(peerAddressOf(forged)).toBeUndefined();
    expect(clientAddressOf(forged, env)).toBeUndefined();
  });

  it('reads PLAYGROUND_TRUSTED_PROXIES as addresses and ranges, and names what it cannot read', () => {
    expect(trustedProxiesOf({}).count).toBe(0);
    const read = trustedProxiesOf({
      PLAYGROUND_TRUSTED_PROXIES: '10.0.0.5, 192.168.0.0/16 fd00::/8 1 10.0.0.0/33 nonsense',
    });
    expect(read.count).toBe(3);
    expect(read.unread).toEqual(['1', '10.0.0.0/33', 'nonsense']);
    expect(read.list.check('192.168.4.4', 'ipv4')).toBe(true);
    expect(read.list.check('fd00::1', 'ipv6')).toBe(true);
    expect(read.list.check('10.0.0.6', 'ipv4')).toBe(false);
  });
});
