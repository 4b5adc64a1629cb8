import 'server-only';
import { createHash } from 'node:crypto';
import { formatBytes } from '../../limits/input-limits';
import { processShared } from '../server-process';
import type { LinkStore } from './link-store';

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
    store.takeCreation(createHash('sha256').update(client).digest('base64url'), nowMs, {
      limit,
      windowMs: RATE_WINDOW_MS,
    });
}

/** At most `limit` creations per client address in a sliding `windowMs`, in this process's memory (tests, benches); when refused, seconds to wait. */
export function createRateLimit(limit = 30, windowMs = 10 * 60_000) {
  const seen = new Map<string, number[]>();
  return (client: string, nowMs: number): number | undefined => {
    const recent = (seen.get(client) ?? []).filter((at) => at > nowMs - windowMs);
    if (recent.length >= limit) {
      seen.set(client, recent);
      return Math.max(1, Math.ceil((recent[0] + windowMs - nowMs) / 1000));
    }
    recent.push(nowMs);
    seen.set(client, recent);
    // Forget addresses whose window has passed (the map never grows without bound).
    if (seen.size > 10_000)
      for (const [key, times] of seen) if (times.every((at) => at <= nowMs - windowMs)) seen.delete(key);
    return undefined;
  };
}

/** `PLAYGROUND_LINK_STORE_MAX_BYTES` as a number of bytes (a positive whole number; else the default). */
export function linkStoreMaxBytesOf(env: Record<string, string | undefined>): number {
  const value = env[LINK_STORE_MAX_BYTES_ENV]?.trim() ?? '';
  return /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : DEFAULT_LINK_STORE_MAX_BYTES;
}

export type ByteBudget = {
  readonly maxBytes: number;
  /**
   * Room for one upload, given what the store holds (`readUsedBytes`): at most `wanted` bytes,
   * held for this upload until `release` (so uploads streaming at once cannot together pass
   * the budget), or undefined when the store is full.
   */
  reserve(
    readUsedBytes: () => Promise<number>,
    wanted: number,
  ): Promise<{ bytes: number; release(): Promise<void> } | undefined>;
};

/**
 * The link store's total byte budget, with the uploads under way counted against it. Reading
 * what the store holds and taking room is one step, and so is giving room back: an upload is
 * released only after it is stored, and never between another's read and its reservation — so
 * a read that missed a just-stored upload still counts it as under way (at worst twice, never
 * not at all).
 */
export function createByteBudget(maxBytes: number): ByteBudget {
  let inFlightBytes = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(step: () => Promise<T> | T): Promise<T> => {
    const next = queue.then(step, step);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    maxBytes,
    reserve: (readUsedBytes, wanted) =>
      oneAtATime(async () => {
        const bytes = Math.min(wanted, maxBytes - (await readUsedBytes()) - inFlightBytes);
        if (bytes <= 0) return undefined;
        inFlightBytes += bytes;
        let released = false;
        return {
          bytes,
          release: () =>
            oneAtATime(() => {
              if (released) return;
              released = true;
              inFlightBytes -= bytes;
            }),
        };
      }),
  };
}

/** The sentence a full store answers with (507). */
export const storeFullMessage = (maxBytes: number) =>
  `This server's short-link store is full (${formatBytes(maxBytes)} of links): share a fragment link or export the session as a file instead, or try again when older links expire.`;

export type LinkLimits = { budget: ByteBudget };

/** This server's byte budget for the link store (one per process and budget setting), uploads under way counted. */
export function linkLimitsFor(env: Record<string, string | undefined>): LinkLimits {
  const maxBytes = linkStoreMaxBytesOf(env);
  return processShared('link-limits', String(maxBytes), () => ({ budget: createByteBudget(maxBytes) }));
}
