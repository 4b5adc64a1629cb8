import 'server-only';
import { join } from 'node:path';
import type { LinkStore } from './link-store';
import { createPostgresLinkStore } from './postgres-link-store';
import { forgetProcessShared, processShared } from '../server-process';

export type OpenedLinkStore = { store: LinkStore | undefined; problem?: string };

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The SQLite store, loaded when first opened (inside the caller's `try`): a Node.js without
 * `node:sqlite` (older than 22) gets a sentence, not a route that cannot load.
 */
async function openSqlite(file: string): Promise<LinkStore> {
  let module: typeof import('./sqlite-link-store');
  try {
    module = await import('./sqlite-link-store');
  } catch {
    throw new Error(
      `this server runs Node.js ${process.versions.node}, which has no node:sqlite; short links need Node.js 22.12 or newer (npm start runs the project's own)`,
    );
  }
  return module.createSqliteLinkStore(file);
}

/**
 * This server's short-link store, opened once: `PLAYGROUND_LINK_STORE=off` turns links off,
 * `postgres://…` keeps them in PostgreSQL (the table made on start), anything else (the
 * default) in one SQLite file under `PLAYGROUND_DATA_DIR` (default `.data/`). Expired links
 * are swept at most every ten minutes, on the way through. A store that cannot be opened is a
 * `problem` (said without the connection string), and is tried again on the next request.
 */
export async function linkStoreFor(
  env: Record<string, string | undefined>,
  nowMs = Date.now(),
): Promise<OpenedLinkStore> {
  const setting = env.PLAYGROUND_LINK_STORE?.trim() || 'sqlite';
  const key = `${setting}|${env.PLAYGROUND_DATA_DIR ?? ''}`;
  const current = processShared('link-store', key, () => ({
    store:
      setting === 'off'
        ? Promise.resolve(undefined)
        : /^postgres(ql)?:\/\//.test(setting)
          ? createPostgresLinkStore(setting)
          : openSqlite(join(env.PLAYGROUND_DATA_DIR || '.data', 'links.sqlite')),
    lastSweepMs: 0,
  }));
  let store: LinkStore | undefined;
  try {
    store = await current.store;
  } catch (error) {
    forgetProcessShared('link-store', current);
    const said =
      error instanceof Error ? error.message.replaceAll(setting, '[the store]').slice(0, 200) : 'unknown error';
    return { store: undefined, problem: `The short-link store cannot be reached (${said}).` };
  }
  if (store && nowMs - current.lastSweepMs > SWEEP_EVERY_MS) {
    current.lastSweepMs = nowMs;
    void store.sweep(nowMs).catch(() => undefined);
  }
  return { store };
}
