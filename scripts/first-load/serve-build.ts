// Serves a production build with `next start` (the playground's, or the floor's in bench/floor)
// for a measurement, and builds the floor when it has no build from this Next.js version.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NEXT = 'node_modules/.bin/next';
export const FLOOR_DIR = 'bench/floor';

export type Served = { url: string; stop: () => void };

async function answers(url: string) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

async function waitForServer(url: string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} did not start within ${timeoutMs / 1000} s`);
}

/** `next start` of `dir`'s build on `port` (with `env` added), once it answers `probe`; `stop()` ends it. */
export async function serveBuild(
  dir: string,
  port: number,
  probe = '/',
  env: Readonly<Record<string, string>> = {},
): Promise<Served> {
  if (!existsSync(join(dir, '.next', 'BUILD_ID')))
    throw new Error(`${dir} has no production build: run \`npm run build\` first.`);
  if (await answers(`http://localhost:${port}/`))
    throw new Error(`something already answers on port ${port}: stop it (an earlier run's server?) and run again.`);
  const server: ChildProcess = spawn(NEXT, ['start', '-p', String(port), dir], {
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid);
  };
  try {
    await waitForServer(`http://localhost:${port}${probe}`, 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `http://localhost:${port}`, stop };
}

function nextVersion(): string {
  return JSON.parse(readFileSync('node_modules/next/package.json', 'utf8')).version;
}

/** The floor's sources, hashed: a changed floor is built again. */
function floorSources(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path}\n`).update(readFileSync(path));
    }
  };
  walk(join(FLOOR_DIR, 'app'));
  hash.update(readFileSync(join(FLOOR_DIR, 'next.config.mjs')));
  hash.update(readFileSync('lib/server/cross-origin-isolation.mjs'));
  return hash.digest('hex');
}

/** Builds the floor page (a few seconds) unless it was built from these sources by this Next.js already. */
export function ensureFloorBuilt() {
  const stamp = join(FLOOR_DIR, '.next', 'built-by-next');
  const version = `${nextVersion()} ${floorSources()}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return;
  const built = spawnSync(NEXT, ['build', FLOOR_DIR], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (built.status !== 0) throw new Error(`building the floor page failed: ${built.stderr.toString().slice(-2000)}`);
  writeFileSync(stamp, version);
}
