import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { installPeerStamp } from '../lib/server/client-address';

/**
 * Serves `handle` on a loopback port the way the playground's server does: every request
 * stamped with its socket's address (as `instrumentation.ts` installs it), then handed on as
 * a web `Request` with the headers the client sent — forged ones included.
 */
export async function serveWithPeerStamp(
  handle: (request: Request) => Promise<Response>,
): Promise<{ url: string; close(): Promise<void> }> {
  installPeerStamp([http.Server]);
  const server = http.createServer(async (incoming, outgoing) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const request = new Request(`http://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, {
      method: incoming.method,
      headers,
      body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
      duplex: 'half',
    } as RequestInit);
    const response = await handle(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
