import 'server-only';
import pg from 'pg';
import type { LinkStore } from './link-store';

const DAY_MS = 86_400_000;

/**
 * Short links in PostgreSQL, for a playground on several instances
 * (`PLAYGROUND_LINK_STORE=postgres://…`): a pooled client, parameterised queries only, the
 * table made on start when it is missing.
 */
export async function createPostgresLinkStore(url: string, { max = 10 }: { max?: number } = {}): Promise<LinkStore> {
  const pool = new pg.Pool({ connectionString: url, max });
  await pool.query(`
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
  `);
  return {
    kind: 'postgres',
    async put(link) {
      await pool.query(
        'INSERT INTO playground_links (id, body, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [link.id, Buffer.from(link.body), link.tokenHash, link.createdAtMs, link.expiresAtMs ?? null],
      );
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
    async takeCreation(client, nowMs, { limit, windowMs }) {
      // One client at a time, across every instance: a transaction-scoped advisory lock on its key.
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        await connection.query('SELECT pg_advisory_xact_lock(hashtext($1))', [client]);
        await connection.query('DELETE FROM playground_link_creations WHERE client = $1 AND at <= $2', [
          client,
          nowMs - windowMs,
        ]);
        const { rows } = await connection.query<{ count: string; oldest: string | null }>(
          'SELECT COUNT(*) AS count, MIN(at) AS oldest FROM playground_link_creations WHERE client = $1',
          [client],
        );
        const count = Number(rows[0]?.count ?? 0);
        if (count >= limit) {
          await connection.query('COMMIT');
          return Math.max(1, Math.ceil((Number(rows[0]?.oldest) + windowMs - nowMs) / 1000));
        }
        await connection.query('INSERT INTO playground_link_creations (client, at) VALUES ($1, $2)', [client, nowMs]);
        await connection.query('COMMIT');
        return undefined;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    async sweep(nowMs) {
      await pool.query('DELETE FROM playground_link_creations WHERE at <= $1', [nowMs - DAY_MS]);
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
