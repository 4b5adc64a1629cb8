// The clocks of a call to an MCP server: its silence limit, a wait with a deadline, a pause.
import 'server-only';

/** A call's silence limit when the caller sets none, in ms (the SDK's default). */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** The SDK's own per-request timer, set past every limit of ours (`silenceTimer` keeps time). */
export const NO_SDK_TIMEOUT_MS = 24 * 60 * 60_000;

/** Calls `expire` after `ms` without a `restart`; `pause` stops the clock until the next `restart`. */
export function silenceTimer(ms: number, expire: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pause = () => clearTimeout(timer);
  const restart = () => {
    pause();
    timer = setTimeout(expire, ms);
  };
  restart();
  return { pause, restart };
}

/** `promise`, or a rejection after `ms` (whichever comes first); the timer never outlives it. */
export function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
