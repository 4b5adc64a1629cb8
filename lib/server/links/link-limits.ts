import 'server-only';
import { formatBytes } from '../../limits/input-limits';
import { processShared } from '../server-process';

/** The environment variable that bounds what the link store holds in all, in bytes. */
export const LINK_STORE_MAX_BYTES_ENV = 'PLAYGROUND_LINK_STORE_MAX_BYTES';
/** What the link store holds at most unless the operator says otherwise: 1 GiB of ciphertext. */
export const DEFAULT_LINK_STORE_MAX_BYTES = 1024 * 1024 * 1024;

/** At most `limit` creations per client address in a sliding `windowMs`; when refused, seconds to wait. */
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

export type LinkLimits = { rateLimit: ReturnType<typeof createRateLimit>; budget: ByteBudget };

/** This server's link limits (one set per process and budget setting): 30 creations per 10 minutes per client address, and the store's byte budget. */
export function linkLimitsFor(env: Record<string, string | undefined>): LinkLimits {
  const maxBytes = linkStoreMaxBytesOf(env);
  return processShared('link-limits', String(maxBytes), () => ({
    rateLimit: createRateLimit(),
    budget: createByteBudget(maxBytes),
  }));
}
