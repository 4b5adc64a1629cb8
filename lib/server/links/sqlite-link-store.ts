import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type LinkStore, type ListingRow, listingOf } from './link-store';

const SCHEMA = `
    PRAGMA journal_mode = WAL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS links (
      id TEXT PRIMARY KEY,
      body BLOB NOT NULL,
      token_hash TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS links_expires_at ON links (expires_at);
    CREATE TABLE IF NOT EXISTS link_creations (
      client TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS link_creations_client ON link_creations (client, at);
    CREATE TABLE IF NOT EXISTS link_reservations (
      id TEXT PRIMARY KEY,
      client TEXT NOT NULL,
      bytes INTEGER NOT NULL,
      deadline INTEGER NOT NULL
    );
`;

/**
 * The writes the budget covers — reserving room, giving it back, storing a link under its
 * reservation — each one transaction for every process on the file (`BEGIN IMMEDIATE` takes the
 * write lock before reading).
 */
function budgetedWrites(db: DatabaseSync): Pick<LinkStore, 'reserve' | 'release' | 'put'> {
  const insert = db.prepare(
    'INSERT INTO links (id, body, token_hash, created_at, expires_at, client) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const lapse = db.prepare('DELETE FROM link_reservations WHERE deadline <= ?');
  const held = db.prepare('SELECT COALESCE(SUM(bytes), 0) AS held FROM link_reservations');
  const heldBy = db.prepare('SELECT COALESCE(SUM(bytes), 0) AS held FROM link_reservations WHERE client = ?');
  const usedBy = db.prepare(
    `SELECT COALESCE(SUM(length(body)), 0) AS used FROM links
     WHERE client = ? AND (expires_at IS NULL OR expires_at > ?) AND (expires_at IS NULL OR created_at > ?)`,
  );
  const hold = db.prepare('INSERT INTO link_reservations (id, client, bytes, deadline) VALUES (?, ?, ?, ?)');
  const unhold = db.prepare('DELETE FROM link_reservations WHERE id = ?');
  /** One step for every process on this file: IMMEDIATE takes the write lock before reading. */
  const inTransaction = <T>(step: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = step();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };
  const number = (row: unknown, key: string) => Number((row as Record<string, number | bigint>)[key]);
  // length() of a BLOB reads its size, not its pages.
  const used = db.prepare(
    'SELECT COALESCE(SUM(length(body)), 0) AS used FROM links WHERE expires_at IS NULL OR expires_at > ?',
  );
  return {
    async reserve(reservation, nowMs, budget) {
      return inTransaction(() => {
        lapse.run(nowMs);
        const total = number(used.get(nowMs), 'used') + number(held.get(), 'held');
        if (total + reservation.bytes > budget.maxBytes) return 'store_full';
        const mine =
          number(usedBy.get(reservation.client, nowMs, nowMs - budget.shareWindowMs), 'used') +
          number(heldBy.get(reservation.client), 'held');
        if (mine + reservation.bytes > budget.clientShareBytes) return 'share_used';
        hold.run(reservation.id, reservation.client, reservation.bytes, reservation.deadlineMs);
        return 'ok';
      });
    },
    async release(reservationId) {
      unhold.run(reservationId);
    },
    async put(link, reservationId) {
      inTransaction(() => {
        insert.run(link.id, link.body, link.tokenHash, link.createdAtMs, link.expiresAtMs ?? null, link.client);
        if (reservationId) unhold.run(reservationId);
      });
    },
  };
}

/**
 * Short links in one SQLite file (Node's built-in `node:sqlite`), created on first use, in WAL
 * mode so reads go on while a link is written. Every query is a prepared statement.
 */
export function createSqliteLinkStore(file: string): LinkStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(SCHEMA);
  // Stores made before 0.27 have no author column: their links count against no address's share.
  const columns = db.prepare('PRAGMA table_info(links)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'client'))
    db.exec("ALTER TABLE links ADD COLUMN client TEXT NOT NULL DEFAULT ''");
  db.exec('CREATE INDEX IF NOT EXISTS links_client ON links (client, created_at)');
  const largest = db.prepare(
    `SELECT id, length(body) AS bytes, client, created_at, expires_at FROM links
     WHERE expires_at IS NULL OR expires_at > ? ORDER BY length(body) DESC LIMIT ?`,
  );
  const removeAny = db.prepare('DELETE FROM links WHERE id = ?');
  const select = db.prepare('SELECT body FROM links WHERE id = ? AND (expires_at IS NULL OR expires_at > ?)');
  const remove = db.prepare('DELETE FROM links WHERE id = ? AND token_hash = ?');
  // length() of a BLOB reads its size, not its pages.
  const used = db.prepare(
    'SELECT COALESCE(SUM(length(body)), 0) AS used FROM links WHERE expires_at IS NULL OR expires_at > ?',
  );
  const expired = db.prepare('DELETE FROM links WHERE expires_at IS NOT NULL AND expires_at <= ?');
  const forget = db.prepare('DELETE FROM link_creations WHERE client = ? AND at <= ?');
  const counted = db.prepare('SELECT COUNT(*) AS count, MIN(at) AS oldest FROM link_creations WHERE client = ?');
  const count = db.prepare('INSERT INTO link_creations (client, at) VALUES (?, ?)');
  const forgetOld = db.prepare('DELETE FROM link_creations WHERE at <= ?');
  return {
    kind: 'sqlite',
    ...budgetedWrites(db),
    async largest(limit, nowMs) {
      return (largest.all(nowMs, limit) as ListingRow[]).map(listingOf);
    },
    async remove(id) {
      return Number(removeAny.run(id).changes) > 0;
    },
    async get(id, nowMs) {
      const row = select.get(id, nowMs) as { body: Uint8Array } | undefined;
      return row ? new Uint8Array(row.body) : undefined;
    },
    async delete(id, tokenHash) {
      return Number(remove.run(id, tokenHash).changes) > 0;
    },
    async usedBytes(nowMs) {
      return Number((used.get(nowMs) as { used: number | bigint }).used);
    },
    async takeCreation(client, nowMs, { limit, windowMs }) {
      // One step for every process on this file: IMMEDIATE takes the write lock before reading.
      db.exec('BEGIN IMMEDIATE');
      try {
        forget.run(client, nowMs - windowMs);
        const row = counted.get(client) as { count: number | bigint; oldest: number | bigint | null };
        const wait =
          Number(row.count) >= limit
            ? Math.max(1, Math.ceil((Number(row.oldest) + windowMs - nowMs) / 1000))
            : undefined;
        if (wait === undefined) count.run(client, nowMs);
        db.exec('COMMIT');
        return wait;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    async sweep(nowMs) {
      forgetOld.run(nowMs - 86_400_000);
      db.prepare('DELETE FROM link_reservations WHERE deadline <= ?').run(nowMs);
      return Number(expired.run(nowMs).changes);
    },
    async close() {
      db.close();
    },
  };
}
