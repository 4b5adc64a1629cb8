import { spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { expect } from '@playwright/test';

/**
 * A second production server (`next start` on a free port) with its own environment, for a
 * test about a setting the main one does not have; ready when `/api/providers` answers.
 * `stop()` ends it.
 */
export async function startProductionServer(env: Record<string, string>): Promise<{ base: string; stop(): void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const server = spawn('node_modules/.bin/next', ['start', '-p', String(port)], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://localhost:${port}`;
  const stop = () => {
    if (server.pid) process.kill(-server.pid);
  };
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/providers`).catch(() => undefined))?.status, { timeout: 60_000 })
      .toBe(200);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
