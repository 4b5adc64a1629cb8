/** Longest wait for an idle moment before it counts as one anyway, in ms. */
export const IDLE_TIMEOUT_MS = 1_500;

/**
 * Resolves once the browser has been idle (or `IDLE_TIMEOUT_MS` passed): what the first screen
 * does not need — a worker, a contract's zod — starts then, after the page is usable.
 */
export function afterIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(resolve, 200);
  });
}
