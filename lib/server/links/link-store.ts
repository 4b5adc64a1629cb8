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
  /** A hash of the author's address (its share of the budget counts this link), never the address. */
  client: string;
};

/** What the store may hold in all, and each client address's share of it. */
export type LinkBudget = {
  maxBytes: number;
  /** Bytes one address may hold in links it made in the last `shareWindowMs` and in its `never` links. */
  clientShareBytes: number;
  shareWindowMs: number;
};

/** Room held for one upload until it is stored, released, or its deadline passes. */
export type LinkReservation = { id: string; client: string; bytes: number; deadlineMs: number };

/** A link as the operator's listing shows it (never its body). */
export type LinkListing = {
  id: string;
  bytes: number;
  client: string;
  createdAtMs: number;
  expiresAtMs: number | undefined;
};

/**
 * Where short links live: one small interface, two adapters (SQLite, the embedded default;
 * PostgreSQL for several instances). `get` answers undefined for a missing or expired link.
 */
export type LinkStore = {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Holds room for an upload, in the store (so every instance on it keeps one budget): what the
   * live links and the reservations not yet past their deadline hold, plus `bytes`, must fit the
   * budget, and the client's links and reservations its share. Checking and holding are one step.
   */
  reserve(reservation: LinkReservation, nowMs: number, budget: LinkBudget): Promise<'ok' | 'store_full' | 'share_used'>;
  /** Gives a reservation's room back (nothing when it was already stored or released). */
  release(reservationId: string): Promise<void>;
  /** Stores a link and, in the same step, removes the reservation it was uploaded under. */
  put(link: StoredLink, reservationId?: string): Promise<void>;
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
  /** The largest live links, largest first (for the operator: `npm run links`). */
  largest(limit: number, nowMs: number): Promise<LinkListing[]>;
  /** Deletes a link without its token (for the operator); whether it did. */
  remove(id: string): Promise<boolean>;
  /** Removes expired links (and creation counts a day old); how many links. */
  sweep(nowMs: number): Promise<number>;
  close(): Promise<void>;
};

/** A listing row as either store reads it (numbers may come as text or bigint). */
export type ListingRow = {
  id: string;
  bytes: number | bigint | string;
  client: string;
  created_at: number | bigint | string;
  expires_at: number | bigint | string | null;
};

/** A row of the operator's listing, read the same for both stores. */
export const listingOf = (row: ListingRow): LinkListing => ({
  id: row.id,
  bytes: Number(row.bytes),
  client: row.client,
  createdAtMs: Number(row.created_at),
  expiresAtMs: row.expires_at === null ? undefined : Number(row.expires_at),
});
