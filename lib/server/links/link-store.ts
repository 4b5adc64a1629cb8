import 'server-only';

/** A short link as the server keeps it: opaque ciphertext, never anything it could read. */
export type StoredLink = {
  /** 128-bit random, base64url. */
  id: string;
  /** The browser's AES-GCM ciphertext, as uploaded. */
  body: Uint8Array;
  /** SHA-256 of the delete token (the token itself stays in the creator's browser). */
  tokenHash: string;
  createdAtMs: number;
  /** Undefined: kept until deleted. */
  expiresAtMs: number | undefined;
};

/**
 * Where short links live: one small interface, two adapters (SQLite, the embedded default;
 * PostgreSQL for several instances). `get` answers undefined for a missing or expired link.
 */
export type LinkStore = {
  readonly kind: 'sqlite' | 'postgres';
  put(link: StoredLink): Promise<void>;
  get(id: string, nowMs: number): Promise<Uint8Array | undefined>;
  /** Deletes the link when the token's hash matches; whether it did. */
  delete(id: string, tokenHash: string): Promise<boolean>;
  /** Bytes of ciphertext held by links that have not expired. */
  usedBytes(nowMs: number): Promise<number>;
  /**
   * One link creation by `client` (a hash of its address), counted where every instance sees it:
   * at most `limit` in a sliding `windowMs`. Undefined when it is allowed (and counted); else the
   * seconds until the oldest counted one leaves the window. Checking and counting are one step.
   */
  takeCreation(client: string, nowMs: number, rule: { limit: number; windowMs: number }): Promise<number | undefined>;
  /** Removes expired links (and creation counts a day old); how many links. */
  sweep(nowMs: number): Promise<number>;
  close(): Promise<void>;
};
