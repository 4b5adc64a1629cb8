import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSealedSession, sealSession, toBase64url } from '../../share/short-link';
import { createInitialSession } from '../../session/initial-session';
import type { SessionData } from '../../session/session-schema';
import { handleLinksRequest, type LinksDeps, MAX_LINK_BYTES } from './handle-links-request';
import { createRateLimit, storeRateLimit } from './link-limits';
import { serveWithPeerStamp } from '../../../testing/serve-with-peer-stamp';
import { createSqliteLinkStore } from './sqlite-link-store';
import { createPostgresLinkStore } from './postgres-link-store';
import type { LinkStore } from './link-store';
import { startPostgres, type TestPostgres } from '../../../testing/start-postgres';
import pg from 'pg';
import { withContentLength } from '../../../testing/with-content-length';

/** The short-link store keeps ciphertext only; the route's limits; the browser's sealing (lib/share/CONTEXT.md). */
const dir = mkdtempSync(join(tmpdir(), 'links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MARKER = 'marker-7f3a-plaintext-never-stored';
const session = (): SessionData =>
  ({
    ...createInitialSession(),
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: `Say ${MARKER}` }] }],
  }) as unknown as SessionData;

const request = (method: string, path: string, body?: unknown) =>
  new Request(
    `http://localhost${path}`,
    withContentLength({
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

/** A store under test, and where to look for a text in what it keeps (its file, or its table). */
type Adapter = { name: string; open(): Promise<{ store: LinkStore; keeps(text: string): Promise<boolean> }> };

let postgres: TestPostgres | undefined;
const stores: LinkStore[] = [];
const readers: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await Promise.all(readers.map((reader) => reader.end()));
  await postgres?.stop();
});

const ADAPTERS: Adapter[] = [
  {
    name: 'SQLite',
    async open() {
      const file = join(dir, `links-${Math.random().toString(36).slice(2)}.sqlite`);
      const store = createSqliteLinkStore(file);
      return {
        store,
        // The database file itself and its write-ahead log, byte for byte.
        keeps: async (text) =>
          [file, `${file}-wal`].some((path) => {
            try {
              return readFileSync(path).includes(text);
            } catch {
              return false;
            }
          }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      postgres ??= await startPostgres();
      const store = await createPostgresLinkStore(postgres.url);
      const reader = new pg.Client({ connectionString: postgres.url });
      await reader.connect();
      readers.push(reader);
      return {
        store,
        // Every row of the table, every column, as the server holds it.
        keeps: async (text) => {
          const { rows } = await reader.query(
            'SELECT id, body, token_hash, created_at, expires_at FROM playground_links',
          );
          return rows.some((row) =>
            Object.values(row).some((value) =>
              Buffer.from(String(value instanceof Buffer ? value.toString('latin1') : value), 'latin1').includes(text),
            ),
          );
        },
      };
    },
  },
];

describe.each(ADAPTERS)('short links in $name: the server stores ciphertext, nothing it could read', (adapter) => {
  async function setup(nowMs = 1_000_000) {
    const { store, keeps } = await adapter.open();
    stores.push(store);
    let now = nowMs;
    const deps: LinksDeps = {
      store,
      rateLimit: createRateLimit(1_000),
      budget: { maxBytes: 1024 * 1024 * 1024, clientShareBytes: 1024 * 1024 * 1024, shareWindowMs: 86_400_000 },
      uploadDeadlineMs: 60_000,
      env: {},
      now: () => now,
    };
    const call = (method: string, id?: string, body?: unknown) =>
      handleLinksRequest(request(method, `/api/links${id ? `/${id}` : ''}`, body), id, deps);
    return { keeps, store, deps, call, advance: (ms: number) => (now += ms) };
  }

  it('a sealed session goes up, comes back, and opens with its key; the store holds no trace of it', async () => {
    const { keeps, call } = await setup();
    const { ciphertext, key } = await sealSession(session());
    const created = await call('POST', undefined, { ciphertext: toBase64url(ciphertext), expires: '30d' });
    expect(created.status).toBe(201);
    const { id, deleteToken } = (await created.json()) as { id: string; deleteToken: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const fetched = await call('GET', id);
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
    const opened = await openSealedSession(new Uint8Array(await fetched.arrayBuffer()), key);
    expect(opened.ok && JSON.stringify(opened.session.messages)).toContain(MARKER);
    // What the store keeps holds the ciphertext (it can be found) and nothing readable.
    expect(await keeps(id)).toBe(true);
    expect(await keeps(MARKER)).toBe(false);
    expect(await keeps(key)).toBe(false);
    expect(await keeps(deleteToken)).toBe(false);
  });

  it('delete needs its token; expiry hides a link and the sweep removes it', async () => {
    const { call, store, advance } = await setup();
    const { ciphertext } = await sealSession(session());
    const make = async (expires: string) =>
      (await (await call('POST', undefined, { ciphertext: toBase64url(ciphertext), expires })).json()) as {
        id: string;
        deleteToken: string;
      };
    const kept = await make('never');
    expect((await call('DELETE', kept.id, { deleteToken: 'wrong' })).status).toBe(404);
    expect((await call('DELETE', kept.id, { deleteToken: kept.deleteToken })).status).toBe(204);
    expect((await call('GET', kept.id)).status).toBe(404);
    const daily = await make('1d');
    expect((await call('GET', daily.id)).status).toBe(200);
    advance(86_400_001);
    const gone = await call('GET', daily.id);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toContain('expired');
    expect(await store.sweep(Date.now() + 2 * 86_400_000)).toBeGreaterThanOrEqual(1);
  });

  it('bounds: 20 MB, ids, expiries, a rate limit per address; off means off', async () => {
    const { call, deps } = await setup();
    const huge = toBase64url(new Uint8Array(MAX_LINK_BYTES + 1));
    expect((await call('POST', undefined, { ciphertext: huge })).status).toBe(413);
    expect((await call('POST', undefined, { ciphertext: 'AAAA' })).status).toBe(400);
    expect(
      (await call('POST', undefined, { ciphertext: toBase64url(new Uint8Array(64)), expires: 'forever' })).status,
    ).toBe(400);
    expect((await call('GET', '../../etc/passwd')).status).toBe(404);
    const limited: LinksDeps = { ...deps, rateLimit: createRateLimit(2) };
    const post = () =>
      handleLinksRequest(
        request('POST', '/api/links', { ciphertext: toBase64url(new Uint8Array(64)) }),
        undefined,
        limited,
      );
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const third = await post();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const off = await handleLinksRequest(request('GET', '/api/links'), undefined, { ...deps, store: undefined });
    expect(off.status).toBe(404);
    expect((await call('GET')).status).toBe(200);
  });

  it('the rate limit keys on the socket address: a forged X-Forwarded-For does not move it, unless a proxy is trusted', async () => {
    // Its own ten minutes, so the store's counts from other tests of this file are out of its window.
    const { deps, store } = await setup(50_000_000);
    let env: Record<string, string | undefined> = {};
    let rateLimit = storeRateLimit(store, env);
    const server = await serveWithPeerStamp((request) =>
      handleLinksRequest(request, undefined, { ...deps, rateLimit, env }),
    );
    const post = (forwardedFor: string) =>
      fetch(`${server.url}/api/links`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
          'x-playground-peer': 'x 10.9.9.9',
        },
        body: JSON.stringify({ ciphertext: toBase64url(new Uint8Array(64)) }),
      });
    try {
      // 40 uploads, each claiming another address as the last entry: 30 go in, then 429.
      const statuses: number[] = [];
      for (let index = 0; index < 40; index++) statuses.push((await post(`198.51.100.7, 203.0.113.${index}`)).status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(30);
      expect(statuses.slice(30)).toEqual(Array(10).fill(429));
      // Behind one trusted proxy, the proxy's entry is the client: 40 different clients, 40 links.
      env = { PLAYGROUND_TRUSTED_PROXIES: '127.0.0.1' };
      rateLimit = storeRateLimit(store, env);
      const trusted: number[] = [];
      for (let index = 0; index < 40; index++) trusted.push((await post(`198.51.100.7, 203.0.113.${index}`)).status);
      expect(trusted).toEqual(Array(40).fill(201));
    } finally {
      await server.close();
    }
  });

  it('the store has a total byte budget: past it, 507 with a sentence, and uploads at once cannot pass it together', async () => {
    const { deps, call, store } = await setup();
    // The PostgreSQL table is shared by this file's tests: the budget is 10,000 bytes above what it holds.
    const before = await store.usedBytes(deps.now!());
    const budgeted: LinksDeps = {
      ...deps,
      budget: { maxBytes: before + 10_000, clientShareBytes: before + 10_000, shareWindowMs: 86_400_000 },
    };
    const post = (size: number) =>
      handleLinksRequest(
        request('POST', '/api/links', { ciphertext: toBase64url(new Uint8Array(size)) }),
        undefined,
        budgeted,
      );
    expect((await post(6_000)).status).toBe(201);
    const full = await post(6_000);
    expect(full.status).toBe(507);
    expect(((await full.json()) as { error: { message: string } }).error.message).toMatch(
      /short-link store is full \(.+ of links\): share a fragment link or export the session as a file/,
    );
    expect((await post(3_000)).status).toBe(201);
    // Four uploads of 500 bytes at once into the last 1,000: at most two fit, the rest are refused.
    const together = await Promise.all([post(500), post(500), post(500), post(500)]);
    expect(together.filter((response) => response.status === 201).length).toBeLessThanOrEqual(2);
    expect(together.every((response) => response.status === 201 || response.status === 507)).toBe(true);
    expect(await store.usedBytes(deps.now!())).toBeLessThanOrEqual(before + 10_000);
    // Reading a link still works when the store is full.
    expect((await call('GET')).status).toBe(200);
  });

  it('50 parallel creates and reads lose nothing', async () => {
    const { call } = await setup();
    const blobs = Array.from({ length: 50 }, (_, index) => {
      const bytes = new Uint8Array(100);
      bytes.fill(index);
      return bytes;
    });
    const created = await Promise.all(
      blobs.map(
        async (bytes) =>
          ((await (await call('POST', undefined, { ciphertext: toBase64url(bytes) })).json()) as { id: string }).id,
      ),
    );
    const read = await Promise.all(
      created.map(async (id) => new Uint8Array(await (await call('GET', id)).arrayBuffer())),
    );
    expect(read).toEqual(blobs);
  });
});

describe('which store a server opens (PLAYGROUND_LINK_STORE)', () => {
  it('SQLite by default, PostgreSQL for a postgres:// address, none when off; an unreachable one is a problem said without its password', async () => {
    const { linkStoreFor } = await import('./open-link-store');
    const sqlite = await linkStoreFor({ PLAYGROUND_DATA_DIR: dir });
    expect(sqlite.store?.kind).toBe('sqlite');
    postgres ??= await startPostgres();
    const pgStore = await linkStoreFor({ PLAYGROUND_LINK_STORE: postgres.url });
    expect(pgStore.store?.kind).toBe('postgres');
    if (pgStore.store) stores.push(pgStore.store);
    expect(await linkStoreFor({ PLAYGROUND_LINK_STORE: 'off' })).toEqual({ store: undefined });
    const unreachable = await linkStoreFor({ PLAYGROUND_LINK_STORE: 'postgres://someone:s3cret-pw@127.0.0.1:9/links' });
    expect(unreachable.store).toBeUndefined();
    expect(unreachable.problem).toMatch(/^The short-link store cannot be reached/);
    expect(unreachable.problem).not.toContain('s3cret-pw');
  });
});

describe('the rate limit is kept in the store, so several instances on one store count together', () => {
  const RULE = { limit: 5, windowMs: 600_000 };
  const instancesOf: { name: string; open(): Promise<[LinkStore, LinkStore]> }[] = [
    {
      name: 'SQLite (two connections to one file)',
      async open() {
        const file = join(dir, `shared-${Math.random().toString(36).slice(2)}.sqlite`);
        return [createSqliteLinkStore(file), createSqliteLinkStore(file)];
      },
    },
    {
      name: 'PostgreSQL (two pools on one database)',
      async open() {
        postgres ??= await startPostgres();
        return [await createPostgresLinkStore(postgres.url), await createPostgresLinkStore(postgres.url)];
      },
    },
  ];
  it.each(instancesOf)(
    '$name: creations at once from both never pass the limit; the window frees them; sweep forgets them',
    async (each) => {
      const [a, b] = await each.open();
      stores.push(a, b);
      const client = `client-${Math.random().toString(36).slice(2)}`;
      const now = 7_000_000_000;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? a : b).takeCreation(client, now, RULE)),
      );
      expect(answers.filter((wait) => wait === undefined)).toHaveLength(5);
      expect(answers.filter((wait) => wait !== undefined).every((wait) => wait === 600)).toBe(true);
      // Another client is counted apart; the first is free again once its window has passed.
      expect(await b.takeCreation(`${client}-other`, now, RULE)).toBeUndefined();
      expect(await a.takeCreation(client, now + 599_000, RULE)).toBe(1);
      expect(await b.takeCreation(client, now + 600_001, RULE)).toBeUndefined();
      // A day on, sweep forgets the counts.
      await a.sweep(now + 2 * 86_400_000);
      const full = await Promise.all(
        Array.from({ length: 5 }, () => a.takeCreation(client, now + 2 * 86_400_000, RULE)),
      );
      expect(full).toEqual(Array(5).fill(undefined));
    },
  );
});
