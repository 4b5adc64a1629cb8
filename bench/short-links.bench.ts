import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { test } from 'vitest';
import { createSessionStore } from '@/lib/session/session-store';
import { pickSessionData } from '@/lib/session/session-file';
import type { SessionData } from '@/lib/session/session-schema';
import { makeShareLink } from '@/lib/share/share-link';
import { openSealedSession, sealSession, toBase64url } from '@/lib/share/short-link';
import { handleLinksRequest, type LinksDeps } from '@/lib/server/links/handle-links-request';
import { createRateLimit } from '@/lib/server/links/link-limits';
import type { LinkStore } from '@/lib/server/links/link-store';
import { createPostgresLinkStore } from '@/lib/server/links/postgres-link-store';
import { createSqliteLinkStore } from '@/lib/server/links/sqlite-link-store';
import { startPostgres } from '../testing/start-postgres';
import { generateLongSession } from './generate-long-session';
import { measure, printFigures, type Figure } from './measure';
import { withContentLength } from '@/testing/with-content-length';

/** Short links (lib/share/CONTEXT.md) — create and open times, bytes stored against the fragment link, the stores under load. */

function sessionOf(messages: UIMessage[]): SessionData {
  const store = createSessionStore();
  store.setState({ messages });
  return pickSessionData(store.getState());
}

const fiftyMessages = (): UIMessage[] =>
  Array.from({ length: 25 }, (_, turn): UIMessage[] => [
    { id: `u${turn}`, role: 'user', parts: [{ type: 'text', text: `What is the weather in Oslo, turn ${turn}?` }] },
    {
      id: `a${turn}`,
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'get_weather',
          toolCallId: `call_${turn}abc`,
          state: 'output-available',
          input: { city: 'Oslo' },
          output: { temperature: 10 + turn, condition: 'cloudy' },
        },
        { type: 'step-start' },
        { type: 'text', text: `It is ${10 + turn}°C and cloudy.`, state: 'done' },
      ],
    },
  ]).flat();

test('short links: create (seal + upload) and open (download + decrypt + read), bytes stored vs the fragment link', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'links-bench-'));
  const store = createSqliteLinkStore(join(dir, 'links.sqlite'));
  const deps: LinksDeps = {
    store,
    rateLimit: createRateLimit(1_000_000),
    budget: { maxBytes: Number.MAX_SAFE_INTEGER, clientShareBytes: Number.MAX_SAFE_INTEGER, shareWindowMs: 86_400_000 },
    uploadDeadlineMs: 60_000,
    env: {},
  };
  const post = (body: unknown) =>
    handleLinksRequest(
      new Request(
        'http://localhost/api/links',
        withContentLength({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
      undefined,
      deps,
    );
  const get = (id: string) => handleLinksRequest(new Request(`http://localhost/api/links/${id}`), id, deps);
  const sessions: [string, SessionData, number][] = [
    ['50 messages', sessionOf(fiftyMessages()), 50],
    ['500 calls', sessionOf(generateLongSession('bench5', 5)), 20],
    ['2,000 calls', sessionOf(generateLongSession('bench20', 20)), 8],
  ];
  const figures: Figure[] = [];
  const sizes: string[] = [];
  for (const [name, session, iterations] of sessions) {
    const sealed = await sealSession(session);
    const created = (await (await post({ ciphertext: toBase64url(sealed.ciphertext) })).json()) as { id: string };
    const fragment = makeShareLink(session, 'https://play.example/');
    sizes.push(
      `${name}: session JSON ${(JSON.stringify(session).length / 1024).toFixed(0)} KB, stored ${(sealed.ciphertext.byteLength / 1024).toFixed(1)} KB, fragment link ${(fragment.chars / 1024).toFixed(1)} KB${fragment.ok ? '' : ' (too long to offer)'}, short link ${`https://play.example/s/${created.id}#k=${sealed.key}`.length} characters`,
    );
    figures.push(
      await measure(
        `${name}: create (seal + upload)`,
        async () => {
          const { ciphertext } = await sealSession(session);
          await post({ ciphertext: toBase64url(ciphertext) });
        },
        iterations,
      ),
      await measure(
        `${name}: open (download + decrypt + read)`,
        async () => {
          const bytes = new Uint8Array(await (await get(created.id)).arrayBuffer());
          const opened = await openSealedSession(bytes, sealed.key);
          if (!opened.ok) throw new Error(opened.message);
        },
        iterations,
      ),
    );
  }
  printFigures(`Short links, SQLite, in-process route\n${sizes.join('\n')}`, figures);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}, 300_000);

/** Put then get, from `clients` loops at once; every operation's latency. */
async function underLoad(store: LinkStore, clients: number, rounds: number): Promise<{ put: number[]; get: number[] }> {
  const put: number[] = [];
  const get: number[] = [];
  const body = new Uint8Array(4096).fill(7);
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let round = 0; round < rounds; round++) {
        const id = `c${client}r${round}-${Math.random().toString(36).slice(2, 10)}`.padEnd(22, 'x').slice(0, 22);
        let start = performance.now();
        await store.put({ id, body, tokenHash: 'h', createdAtMs: Date.now(), expiresAtMs: undefined, client: 'bench' });
        put.push(performance.now() - start);
        start = performance.now();
        await store.get(id, Date.now());
        get.push(performance.now() - start);
      }
    }),
  );
  return { put, get };
}

const percentile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

test('the stores under 50 concurrent clients: put and get latency, SQLite and PostgreSQL', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'links-load-'));
  const postgres = await startPostgres();
  const stores: [string, LinkStore][] = [
    ['SQLite (node:sqlite, WAL)', createSqliteLinkStore(join(dir, 'links.sqlite'))],
    ['PostgreSQL (pg pool of 10)', await createPostgresLinkStore(postgres.url)],
  ];
  const lines: string[] = [];
  for (const [name, store] of stores) {
    await underLoad(store, 5, 5); // warm
    const { put, get } = await underLoad(store, 50, 20);
    lines.push(
      `${name.padEnd(28)} put p50 ${percentile(put, 0.5).toFixed(2)} ms  p95 ${percentile(put, 0.95).toFixed(2)} ms · get p50 ${percentile(get, 0.5).toFixed(2)} ms  p95 ${percentile(get, 0.95).toFixed(2)} ms  (${put.length} of each, 4 KB bodies)`,
    );
    await store.close();
  }
  console.log(`\nShort-link stores under 50 concurrent clients\n${lines.join('\n')}\n`);
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}, 300_000);
