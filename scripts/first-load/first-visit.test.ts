import { expect, it } from 'vitest';
import { type Finished, javaScriptOf } from './first-visit';

/** A finished request as Playwright reports it: started at `start` (epoch ms), its last byte `end` ms later. */
const finished = (url: string, bytes: number, start: number, end: number, contentType?: string): Finished => ({
  request: {
    url: () => url,
    timing: () => ({
      startTime: start,
      responseEnd: end,
      domainLookupStart: -1,
      domainLookupEnd: -1,
      connectStart: -1,
      secureConnectionStart: -1,
      connectEnd: -1,
      requestStart: -1,
      responseStart: -1,
    }),
  },
  contentType,
  bytes,
});

it('counts each JavaScript file once, as transferred, on the page’s clock, by arrival', () => {
  const origin = 1_000_000;
  const transfers = javaScriptOf(
    [
      finished('http://localhost:3000/_next/static/chunks/b.js', 2_000, origin + 300, 50, 'application/javascript'),
      finished('http://localhost:3000/_next/static/chunks/a.js', 1_000, origin + 100, 20),
      // A worker's second fetch of a chunk the page has: from the cache (-1), not transferred again.
      finished('http://localhost:3000/_next/static/chunks/a.js', -1, origin + 900, 5),
      // A module worker's script, named by its type only.
      finished(
        'http://localhost:3000/_next/static/media/worker',
        500,
        origin + 400,
        10,
        'text/javascript; charset=utf-8',
      ),
      finished('http://localhost:3000/', 9_000, origin, 80, 'text/html'),
      finished('http://localhost:3000/_next/static/chunks/app.css', 3_000, origin + 50, 10, 'text/css'),
      undefined,
    ],
    origin,
  );
  expect(transfers).toEqual([
    { url: '/_next/static/chunks/a.js', bytes: 1_000, arrivedMs: 120 },
    { url: '/_next/static/chunks/b.js', bytes: 2_000, arrivedMs: 350 },
    { url: '/_next/static/media/worker', bytes: 500, arrivedMs: 410 },
  ]);
});
