import { createWebContainerSandbox, type WebContainerLike } from './create-web-container-sandbox';
import type { Sandbox } from './sandbox';
import type { SandboxFiles } from '../shapes/sandbox-status';

/** How long WebContainer may take to boot before the playground gives up on it. */
export const WEB_CONTAINER_BOOT_TIMEOUT_MS = 20_000;

export type WebContainerStartOptions = {
  /** `WebContainer.boot` (or a fake); called at most once per page by the caller. */
  boot: () => Promise<WebContainerLike>;
  /** Whether the page is cross-origin isolated (`globalThis.crossOriginIsolated`). */
  isolated: boolean;
  /** Checks WebContainer's host can be reached; rejects with the reason when not. */
  probe?: () => Promise<void>;
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** Rejects after `ms` with `message` unless the promise settles first (or the signal fires). */
function withTimeout<T>(promise: Promise<T>, ms: number, message: string, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail(message), ms);
    if (signal?.aborted) fail('starting WebContainer was cancelled');
    signal?.addEventListener('abort', () => fail('starting WebContainer was cancelled'), { once: true });
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
    );
  });
}

/**
 * Boots WebContainer and fills it with the session's files. Rejects with one sentence
 * saying why it could not start (not isolated, host unreachable, boot timed out), which
 * the playground shows when it falls back to the offline sandbox.
 */
export async function startWebContainerSandbox(
  files: SandboxFiles,
  options: WebContainerStartOptions,
): Promise<Sandbox> {
  if (!options.isolated) {
    throw new Error('the page is not cross-origin isolated (it needs the COOP/COEP headers)');
  }
  await options.probe?.();
  const timeoutMs = options.timeoutMs ?? WEB_CONTAINER_BOOT_TIMEOUT_MS;
  const container = await withTimeout(
    options.boot(),
    timeoutMs,
    `it did not boot within ${Math.round(timeoutMs / 1000)} s`,
    options.signal,
  );
  const sandbox = createWebContainerSandbox(container);
  await sandbox.restore(files);
  return sandbox;
}
