// The page a cold visit starts from: another site's. A person's first visit starts on some other
// page — a new tab's, a chat's, a search's — so the browser commits the page in a renderer of its
// own; a fresh tab's `about:blank` would instead lend a bare page its renderer, which a page
// served cross-origin isolated cannot take (docs/decisions/first-load.md, "Where a visit starts").
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The start page's host: the pages measured are served at `localhost`, another site. */
const START_HOST = '127.0.0.1';

let served: Promise<string> | undefined;

/** The start page's address, served once per process (the server does not keep the process alive). */
export function startPageUrl(): Promise<string> {
  served ??= new Promise((resolve, reject) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Another site</title><p>Another site.</p>');
    });
    server.once('error', reject);
    server.listen(0, START_HOST, () => {
      server.unref();
      resolve(`http://${START_HOST}:${(server.address() as AddressInfo).port}/`);
    });
  });
  return served;
}

/** Throws when `url` is on the start page's site (the visit would not leave it). */
export function assertAnotherSite(url: string): void {
  if (new URL(url).hostname === START_HOST) {
    throw new Error(`${url} is on the start page's site (${START_HOST}): serve it at localhost`);
  }
}
