import 'server-only';
import { createHash } from 'node:crypto';
import { formatBytes } from '../../limits/input-limits';
import type { LinkBudget, LinkStore } from './link-store';

export { createRateLimit } from '../rate-limit';

/** The environment variable that bounds what the link store holds in all, in bytes. */
export const LINK_STORE_MAX_BYTES_ENV = 'PLAYGROUND_LINK_STORE_MAX_BYTES';
/** What the link store holds at most unless the operator says otherwise: 1 GiB of ciphertext. */
export const DEFAULT_LINK_STORE_MAX_BYTES = 1024 * 1024 * 1024;

/** The environment variable for how many links one client address may make in ten minutes (default 30). */
export const LINK_RATE_LIMIT_ENV = 'PLAYGROUND_LINK_RATE_LIMIT';
const RATE_WINDOW_MS = 10 * 60_000;

/** Seconds to wait when refused, undefined when allowed (and counted). */
export type RateLimit = (client: string, nowMs: number) => Promise<number | undefined> | number | undefined;

/**
 * The link route's rate limit, kept in the link store so every instance on one store counts the
 * same creations: `PLAYGROUND_LINK_RATE_LIMIT` per client address (default 30) in a sliding ten
 * minutes. The store keeps a hash of the address, not the address.
 */
export function storeRateLimit(store: LinkStore, env: Record<string, string | undefined>): RateLimit {
  const value = env[LINK_RATE_LIMIT_ENV]?.trim() ?? '';
  const limit = /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 30;
  return (client, nowMs) =>
    store.takeCreation(clientKeyOf(client), nowMs, {
      limit,
      windowMs: RATE_WINDOW_MS,
    });
}

/** `PLAYGROUND_LINK_STORE_MAX_BYTES` as a number of bytes (a positive whole number; else the default). */
export function linkStoreMaxBytesOf(env: Record<string, string | undefined>): number {
  const value = env[LINK_STORE_MAX_BYTES_ENV]?.trim() ?? '';
  return /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : DEFAULT_LINK_STORE_MAX_BYTES;
}

/** The sentence a full store answers with (507). */
export const storeFullMessage = (maxBytes: number) =>
  `This server's short-link store is full (${formatBytes(maxBytes)} of links): share a fragment link or export the session as a file instead, or try again when older links expire.`;

/** The environment variable for one client address's share of the store, in bytes (default: see `linkBudgetOf`). */
export const LINK_CLIENT_SHARE_ENV = 'PLAYGROUND_LINK_CLIENT_SHARE_BYTES';
/** The environment variable for how long an upload may take, in seconds (default 60). */
export const LINK_UPLOAD_SECONDS_ENV = 'PLAYGROUND_LINK_UPLOAD_SECONDS';
const DAY_MS = 86_400_000;

const wholeNumber = (value: string | undefined, digits: number) => {
  const text = value?.trim() ?? '';
  // A fixed pattern (no expression built at run time), then the length: digits only, at most `digits` of them.
  return /^\d+$/.test(text) && text.length <= digits && Number(text) > 0 ? Number(text) : undefined;
};

/**
 * The store's budget: `PLAYGROUND_LINK_STORE_MAX_BYTES` in all, and each client address's share
 * of it per day — the links it made in the last day and its `never` links, uploads under way
 * included — `PLAYGROUND_LINK_CLIENT_SHARE_BYTES`, by default a sixteenth of the store (at least
 * one largest link, at most a quarter), so one or two addresses cannot fill it.
 */
export function linkBudgetOf(env: Record<string, string | undefined>, largestLink: number): LinkBudget {
  const maxBytes = linkStoreMaxBytesOf(env);
  const byDefault = Math.max(Math.floor(maxBytes / 16), Math.min(Math.floor(maxBytes / 4), largestLink));
  return {
    maxBytes,
    clientShareBytes: Math.min(maxBytes, wholeNumber(env[LINK_CLIENT_SHARE_ENV], 15) ?? byDefault),
    shareWindowMs: DAY_MS,
  };
}

/** How long one upload may take (`PLAYGROUND_LINK_UPLOAD_SECONDS`, default 60): its reservation lapses then. */
export const uploadDeadlineMsOf = (env: Record<string, string | undefined>): number =>
  (wholeNumber(env[LINK_UPLOAD_SECONDS_ENV], 5) ?? 60) * 1000;

/** The sentence an address past its share answers with (429). */
export const shareUsedMessage = (share: number) =>
  `This address has made as many short links as it may keep today (${formatBytes(share)}, its share of this server's store): delete some of yours, share a fragment link, or try again tomorrow.`;

/** A client address as the store keeps it: a hash, never the address. */
export const clientKeyOf = (client: string) => createHash('sha256').update(client).digest('base64url');
