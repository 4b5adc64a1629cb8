import 'server-only';
import { lookup } from 'node:dns/promises';
import type { SandboxHostAnswer } from '../sandbox/sandbox-host-route';

/** The host WebContainer loads its runtime from. */
export const WEB_CONTAINER_HOST = 'stackblitz.com';
/** How long the name may take to resolve before it counts as unreachable. */
const LOOKUP_TIMEOUT_MS = 1_500;

/**
 * Whether WebContainer's host resolves from here — a name lookup, nothing downloaded, no
 * request made. The page asks this before it probes the host itself, so an offline first run
 * falls back to the offline sandbox without a failed request in the browser's console.
 */
export async function checkSandboxHost(
  resolve: (host: string) => Promise<unknown> = (host) => lookup(host),
  timeoutMs = LOOKUP_TIMEOUT_MS,
): Promise<SandboxHostAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  const resolved = resolve(WEB_CONTAINER_HOST).then(
    () => true,
    () => false,
  );
  const reachable = await Promise.race([resolved, timedOut]);
  clearTimeout(timer);
  return { host: WEB_CONTAINER_HOST, reachable };
}
