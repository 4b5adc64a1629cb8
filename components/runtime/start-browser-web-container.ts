import type { WebContainerLike } from '@/lib/sandbox/create-web-container-sandbox';
import type { Sandbox } from '@/lib/sandbox/sandbox';
import type { SandboxFiles } from '@/lib/shapes/sandbox-status';
import { startWebContainerSandbox } from '@/lib/sandbox/start-web-container-sandbox';

/** WebContainer boots once per page; a later start (after a switch or a timeout) reuses it. */
let booting: Promise<WebContainerLike> | undefined;

function bootOnce(): Promise<WebContainerLike> {
  booting ??= import('@webcontainer/api')
    .then(({ WebContainer }) => WebContainer.boot({ coep: 'credentialless', workdirName: 'workspace' }))
    .catch((error: unknown) => {
      booting = undefined;
      throw error;
    });
  return booting;
}

/**
 * WebContainer loads its runtime from StackBlitz; without that host it would wait forever.
 * This playground's server says first whether the host's name resolves (a failed request
 * from the page would print an error in the console on every offline first run); only when
 * it does is the host itself probed from the page.
 */
async function probeHost(): Promise<void> {
  const { askSandboxHost } = await import('@/lib/sandbox/sandbox-host-route');
  const checked = await askSandboxHost(fetch);
  if (checked?.reachable === false) throw new Error(`${checked.host} cannot be reached (offline?)`);
  try {
    await fetch('https://stackblitz.com/', { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(4000) });
  } catch {
    throw new Error('stackblitz.com could not be reached (offline?)');
  }
}

/** Starts the real WebContainer in this page, filled with the session's files. */
export function startBrowserWebContainer(files: SandboxFiles, signal: AbortSignal): Promise<Sandbox> {
  return startWebContainerSandbox(files, {
    boot: bootOnce,
    isolated: globalThis.crossOriginIsolated === true,
    probe: probeHost,
    signal,
  });
}
