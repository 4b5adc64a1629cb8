import { execFile } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWithPeerStamp } from '../../../testing/serve-with-peer-stamp';
import { startPostgres, type TestPostgres } from '../../../testing/start-postgres';
import { handleLinksRequest, type LinksDeps, MAX_LINK_BYTES } from './handle-links-request';
import { createRateLimit, linkBudgetOf } from './link-limits';
import { createPostgresLinkStore } from './postgres-link-store';
import { createSqliteLinkStore } from './sqlite-link-store';

/*
 * Budgets no one client (or few) can take (SECURITY.md, "Budgets"): an upload holds what it
 * declares, until a deadline; each address has a share; the reservations live in the store, so
 * instances on one PostgreSQL keep one budget.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const KB = 1024;
let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(() => postgres?.stop());

/** A POST from `address` (a loopback address of its own) that declares `length` bytes and sends them — or holds them back. */
function upload(url: string, address: string, body: string, { hold = false } = {}) {
  let abort = () => {};
  const answered = new Promise<number>((resolve) => {
    const request = http.request(
      `${url}/api/links`,
      {
        method: 'POST',
        localAddress: address,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', () => resolve(-1));
    abort = () => request.destroy();
    // A slow upload: its headers, then one byte, then nothing until it is let go.
    if (hold) request.write(body.slice(0, 1));
    else request.end(body);
  });
  return { answered, abort };
}

const sealed = (bytes: number) => JSON.stringify({ ciphertext: Buffer.alloc(bytes, 3).toString('base64url') });

describe('short-link budgets', () => {
  it('52 slow uploads from two addresses leave a third address able to make a link', async () => {
    const store = createSqliteLinkStore(':memory:');
    const env = { PLAYGROUND_LINK_STORE_MAX_BYTES: String(1024 * KB) };
    const deps: LinksDeps = {
      store,
      rateLimit: createRateLimit(1_000),
      budget: linkBudgetOf(env, MAX_LINK_BYTES),
      uploadDeadlineMs: 60_000,
      env,
    };
    const server = await serveWithPeerStamp((request) => handleLinksRequest(request, undefined, deps));
    const slow = Array.from({ length: 52 }, (_, index) =>
      upload(server.url, index % 2 === 0 ? '127.0.0.2' : '127.0.0.3', sealed(KB), { hold: true }),
    );
    try {
      // Each slow upload holds its own kilobyte, not 20 MB: a third address still gets in.
      await expect.poll(async () => await upload(server.url, '127.0.0.4', sealed(4 * KB)).answered).toBe(201);
      // One address declaring big uploads is stopped at its share, not at the store's end.
      const big = await upload(server.url, '127.0.0.5', sealed(200 * KB)).answered;
      expect(big).toBe(201);
      expect(await upload(server.url, '127.0.0.5', sealed(200 * KB)).answered).toBe(429);
      expect(await upload(server.url, '127.0.0.6', sealed(200 * KB)).answered).toBe(201);
    } finally {
      for (const each of slow) each.abort();
      await Promise.all(slow.map((each) => each.answered));
      await server.close();
      await store.close();
    }
  });

  it('an upload that does not arrive by its deadline is refused (408) and its room given back', async () => {
    const store = createSqliteLinkStore(':memory:');
    const deps: LinksDeps = {
      store,
      rateLimit: createRateLimit(1_000),
      budget: { maxBytes: 3 * KB, clientShareBytes: 3 * KB, shareWindowMs: 86_400_000 },
      uploadDeadlineMs: 500,
      env: {},
    };
    const server = await serveWithPeerStamp((request) => handleLinksRequest(request, undefined, deps));
    try {
      const held = upload(server.url, '127.0.0.7', sealed(2 * KB), { hold: true });
      // While it is held, the room is taken.
      await expect.poll(async () => await upload(server.url, '127.0.0.8', sealed(2 * KB)).answered).toBe(507);
      expect(await held.answered).toBe(408);
      expect(await upload(server.url, '127.0.0.8', sealed(2 * KB)).answered).toBe(201);
      held.abort();
    } finally {
      await server.close();
      await store.close();
    }
  });

  it('a link kept forever counts against its author’s share', async () => {
    const store = createSqliteLinkStore(':memory:');
    let now = 1_000_000;
    const deps: LinksDeps = {
      store,
      rateLimit: createRateLimit(1_000),
      budget: { maxBytes: 100 * KB, clientShareBytes: 3 * KB, shareWindowMs: 86_400_000 },
      uploadDeadlineMs: 60_000,
      env: {},
      now: () => now,
    };
    const server = await serveWithPeerStamp((request) => handleLinksRequest(request, undefined, deps));
    const post = (expires: string) =>
      upload(
        server.url,
        '127.0.0.9',
        JSON.stringify({ ciphertext: Buffer.alloc(KB, 1).toString('base64url'), expires }),
      ).answered;
    try {
      expect(await post('never')).toBe(201);
      expect(await post('1d')).toBe(201);
      expect(await post('1d')).toBe(429);
      // Two days on: the day-old link no longer counts, the one kept forever still does.
      now += 2 * 86_400_000;
      expect(await post('1d')).toBe(201);
      expect(await post('1d')).toBe(429);
    } finally {
      await server.close();
      await store.close();
    }
  });

  it('two instances on one PostgreSQL never store more than the budget', { timeout: 120_000 }, async () => {
    const store = await createPostgresLinkStore(postgres.url);
    const before = await store.usedBytes(Date.now());
    const budget = before + 100 * KB;
    const instance = () =>
      new Promise<number[]>((resolve, reject) => {
        execFile(
          join(ROOT, 'node_modules', '.bin', 'tsx'),
          [
            '--conditions=react-server',
            '--tsconfig',
            join(ROOT, 'tsconfig.json'),
            join(ROOT, 'testing', 'links-budget-instance.ts'),
            postgres.url,
            String(budget),
            '40',
            String(4 * KB),
          ],
          { cwd: ROOT, timeout: 100_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
        );
      });
    const [first, second] = await Promise.all([instance(), instance()]);
    const statuses = [...first, ...second];
    expect(statuses.every((status) => status === 201 || status === 507)).toBe(true);
    // 80 uploads of 4 KB into 100 KB: some were refused, and what the store holds is within it.
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(25);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    expect(await store.usedBytes(Date.now())).toBeLessThanOrEqual(budget);
    await store.close();
  });
});
