import 'server-only';
import { join } from 'node:path';
import type { LinkStore } from './link-store';
import { createSqliteLinkStore } from './sqlite-link-store';

let opened: { key: string; store: LinkStore | undefined } | undefined;
let lastSweepMs = 0;
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * This server's short-link store, opened once: `PLAYGROUND_LINK_STORE=off` turns links off;
 * otherwise one SQLite file under `PLAYGROUND_DATA_DIR` (default `.data/`), created on first use.
 * Expired links are swept at most every ten minutes, on the way through.
 */
export function linkStoreFor(env: Record<string, string | undefined>, nowMs = Date.now()): LinkStore | undefined {
  const setting = env.PLAYGROUND_LINK_STORE?.trim() || 'sqlite';
  const key = `${setting}|${env.PLAYGROUND_DATA_DIR ?? ''}`;
  if (opened?.key !== key) {
    opened = {
      key,
      store:
        setting === 'off' ? undefined : createSqliteLinkStore(join(env.PLAYGROUND_DATA_DIR || '.data', 'links.sqlite')),
    };
  }
  if (opened.store && nowMs - lastSweepMs > SWEEP_EVERY_MS) {
    lastSweepMs = nowMs;
    void opened.store.sweep(nowMs).catch(() => undefined);
  }
  return opened.store;
}
