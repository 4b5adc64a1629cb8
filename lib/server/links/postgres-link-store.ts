import 'server-only';
import pg from 'pg';
import { type LinkStore, type ListingRow, listingOf } from './link-store';

const DAY_MS = 86_400_000;

const SCHEMA = `
    CREATE TABLE IF NOT EXISTS playground_links (
      id TEXT PRIMARY KEY,
      body BYTEA NOT NULL,
      token_hash TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT
    );
    CREATE INDEX IF NOT EXISTS playground_links_expires_at ON playground_links (expires_at);
    CREATE TABLE IF NOT EXISTS playground_link_creations (
      client TEXT NOT NULL,
      at BIGINT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS playground_link_creations_client ON playground_link_creations (client, at);
    CREATE TABLE IF NOT EXISTS playground_link_reservations (
      id TEXT PRIMARY KEY,
      client TEXT NOT NULL,
      bytes BIGINT NOT NULL,
      deadline BIGINT NOT NULL
    );
    -- Stores made before 0.27 have no author column: their links count against no address's share.
    ALTER TABLE playground_links ADD COLUMN IF NOT EXISTS client TEXT NOT NULL DEFAULT '';
    CREATE INDEX IF NOT EXISTS playground_links_client ON playground_links (client, created_at);
`;

/** One step across every instance on this database: a transaction holding `lock`'s advisory lock. */
async function transaction<T>(pool: pg.Pool, lock: string, step: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  try {
    await connection.query('BEGIN');
    await connection.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
    const result = await step(connection);
    await connection.query('COMMIT');
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

/**
 * The writes the budget covers — reserving room, giving it back, storing a link under its
 * reservation — each one transaction under one advisory lock: k instances, one budget.
 */
function budgetedWrites(pool: pg.Pool): Pick<LinkStore, 'reserve' | 'release' | 'put'> {
  const inTransaction = <T>(lock: string, step: (client: pg.PoolClient) => Promise<T>) => transaction(pool, lock, step);
  const BUDGET_LOCK = 'playground_link_budget';
  const sum = async (connection: pg.PoolClient, sql: string, values: unknown[]) =>
    Number((await connection.query<{ sum: string }>(sql, values)).rows[0]?.sum ?? 0);
  return {
    reserve: (reservation, nowMs, budget) =>
      // The sum and the new reservation in one transaction under one lock: k instances, one budget.
      inTransaction(BUDGET_LOCK, async (connection) => {
        await connection.query('DELETE FROM playground_link_reservations WHERE deadline <= $1', [nowMs]);
        const total =
          (await sum(
            connection,
            'SELECT COALESCE(SUM(octet_length(body)), 0) AS sum FROM playground_links WHERE expires_at IS NULL OR expires_at > $1',
            [nowMs],
          )) + (await sum(connection, 'SELECT COALESCE(SUM(bytes), 0) AS sum FROM playground_link_reservations', []));
        if (total + reservation.bytes > budget.maxBytes) return 'store_full' as const;
        const mine =
          (await sum(
            connection,
            `SELECT COALESCE(SUM(octet_length(body)), 0) AS sum FROM playground_links
             WHERE client = $1 AND (expires_at IS NULL OR expires_at > $2) AND (expires_at IS NULL OR created_at > $3)`,
            [reservation.client, nowMs, nowMs - budget.shareWindowMs],
          )) +
          (await sum(
            connection,
            'SELECT COALESCE(SUM(bytes), 0) AS sum FROM playground_link_reservations WHERE client = $1',
            [reservation.client],
          ));
        if (mine + reservation.bytes > budget.clientShareBytes) return 'share_used' as const;
        await connection.query(
          'INSERT INTO playground_link_reservations (id, client, bytes, deadline) VALUES ($1, $2, $3, $4)',
          [reservation.id, reservation.client, reservation.bytes, reservation.deadlineMs],
        );
        return 'ok' as const;
      }),
    async release(reservationId) {
      await pool.query('DELETE FROM playground_link_reservations WHERE id = $1', [reservationId]);
    },
    put: (link, reservationId) =>
      // Under the budget's lock: a reserve never sees the link and its reservation both, or neither.
      inTransaction(BUDGET_LOCK, async (connection) => {
        await connection.query(
          'INSERT INTO playground_links (id, body, token_hash, created_at, expires_at, client) VALUES ($1, $2, $3, $4, $5, $6)',
          [link.id, Buffer.from(link.body), link.tokenHash, link.createdAtMs, link.expiresAtMs ?? null, link.client],
        );
        if (reservationId)
          await connection.query('DELETE FROM playground_link_reservations WHERE id = $1', [reservationId]);
      }),
  };
}

/**
 * Short links in PostgreSQL, for a playground on several instances
 * (`PLAYGROUND_LINK_STORE=postgres://…`): a pooled client, parameterised queries only, the
 * table made on start when it is missing.
 */
export async function createPostgresLinkStore(url: string, { max = 10 }: { max?: number } = {}): Promise<LinkStore> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Instances starting together take turns: two ALTER TABLEs at once deadlock.
  await transaction(pool, 'playground_link_schema', (connection) => connection.query(SCHEMA));
  return {
    kind: 'postgres',
    ...budgetedWrites(pool),
    async largest(limit, nowMs) {
      const { rows } = await pool.query<ListingRow>(
        `SELECT id, octet_length(body) AS bytes, client, created_at, expires_at FROM playground_links
         WHERE expires_at IS NULL OR expires_at > $1 ORDER BY octet_length(body) DESC LIMIT $2`,
        [nowMs, limit],
      );
      return rows.map(listingOf);
    },
    async remove(id) {
      const { rowCount } = await pool.query('DELETE FROM playground_links WHERE id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },
    async get(id, nowMs) {
      const { rows } = await pool.query<{ body: Buffer }>(
        'SELECT body FROM playground_links WHERE id = $1 AND (expires_at IS NULL OR expires_at > $2)',
        [id, nowMs],
      );
      return rows[0] ? new Uint8Array(rows[0].body) : undefined;
    },
    async delete(id, tokenHash) {
      const { rowCount } = await pool.query('DELETE FROM playground_links WHERE id = $1 AND token_hash = $2', [
        id,
        tokenHash,
      ]);
      return (rowCount ?? 0) > 0;
    },
    async usedBytes(nowMs) {
      // octet_length reads a stored value's size from its header, not its bytes.
      const { rows } = await pool.query<{ used: string }>(
        'SELECT COALESCE(SUM(octet_length(body)), 0) AS used FROM playground_links WHERE expires_at IS NULL OR expires_at > $1',
        [nowMs],
      );
      return Number(rows[0]?.used ?? 0);
    },
    takeCreation: (client, nowMs, { limit, windowMs }) =>
      // One client at a time, across every instance: a transaction-scoped advisory lock on its key.
      transaction(pool, client, async (connection) => {
        await connection.query('DELETE FROM playground_link_creations WHERE client = $1 AND at <= $2', [
          client,
          nowMs - windowMs,
        ]);
        const { rows } = await connection.query<{ count: string; oldest: string | null }>(
          'SELECT COUNT(*) AS count, MIN(at) AS oldest FROM playground_link_creations WHERE client = $1',
          [client],
        );
        if (Number(rows[0]?.count ?? 0) >= limit)
          return Math.max(1, Math.ceil((Number(rows[0]?.oldest) + windowMs - nowMs) / 1000));
        await connection.query('INSERT INTO playground_link_creations (client, at) VALUES ($1, $2)', [client, nowMs]);
        return undefined;
      }),
    async sweep(nowMs) {
      await pool.query('DELETE FROM playground_link_creations WHERE at <= $1', [nowMs - DAY_MS]);
      await pool.query('DELETE FROM playground_link_reservations WHERE deadline <= $1', [nowMs]);
      const { rowCount } = await pool.query(
        'DELETE FROM playground_links WHERE expires_at IS NOT NULL AND expires_at <= $1',
        [nowMs],
      );
      return rowCount ?? 0;
    },
    async close() {
      await pool.end();
    },
  };
}
