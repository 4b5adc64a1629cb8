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
  /** Removes expired links; how many. */
  sweep(nowMs: number): Promise<number>;
  close(): Promise<void>;
};
