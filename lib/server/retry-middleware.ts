import 'server-only';
import { APICallError } from '@ai-sdk/provider';
import type { LanguageModelMiddleware } from 'ai';
import { clip } from '../limits/clip';

/** Seed 002 §7.2's defaults: 3 retries, 100 ms doubling to at most 10 s. */
export const DEFAULT_RETRY_POLICY = { maxRetries: 3, initialBackoffMs: 100, maxBackoffMs: 10_000, multiplier: 2 };
export type RetryPolicy = typeof DEFAULT_RETRY_POLICY;

/** One retry, as the conversation and the timeline show it. */
export type RetryNotice = {
  attempt: number;
  maxRetries: number;
  delayMs: number;
  reason: string;
  /** The step was sent again in another tool-calling mode (`reason` is the whole sentence). */
  fallback?: boolean;
};

/** Rate limits, server errors, timeouts and dropped connections are worth another try. */
export function isRetryable(error: unknown): boolean {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500 || error.isRetryable;
  }
  return error instanceof TypeError && /fetch failed|network|ECONNRESET|socket/i.test(error.message);
}

function reasonOf(error: unknown): string {
  if (APICallError.isInstance(error) && error.statusCode) return `HTTP ${error.statusCode}`;
  return clip(error instanceof Error ? error.message : String(error), 300);
}

/**
 * Retries a model request that failed before its stream began (seed 002 §7.2), telling
 * `onRetry` about each attempt so the person sees it. A stream that breaks half-way is not
 * retried: what arrived is kept.
 */
export function createRetryMiddleware({
  policy = DEFAULT_RETRY_POLICY,
  onRetry,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
}: {
  policy?: RetryPolicy;
  onRetry: (notice: RetryNotice) => void;
  sleep?: (ms: number) => Promise<void>;
}): LanguageModelMiddleware {
  const withRetries = async <T>(operation: () => PromiseLike<T>): Promise<T> => {
    let delayMs = policy.initialBackoffMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (attempt > policy.maxRetries || !isRetryable(error)) throw error;
        onRetry({ attempt, maxRetries: policy.maxRetries, delayMs, reason: reasonOf(error) });
        await sleep(delayMs);
        delayMs = Math.min(policy.maxBackoffMs, delayMs * policy.multiplier);
      }
    }
  };
  return {
    specificationVersion: 'v4',
    wrapStream: ({ doStream }) => withRetries(doStream),
    wrapGenerate: ({ doGenerate }) => withRetries(doGenerate),
  };
}
