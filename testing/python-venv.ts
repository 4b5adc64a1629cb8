import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache');

/**
 * A Python venv under node_modules/.cache/<name>, made once and reused while `probe` (Python
 * code that prints the installed versions) prints `wanted`; otherwise made afresh with each of
 * `installs` (a pip argument list) from the machine's package index. Its python's path.
 */
export function pythonVenv({
  name,
  probe,
  wanted,
  installs,
}: {
  name: string;
  probe: string;
  wanted: string;
  installs: string[][];
}): string {
  const venv = join(CACHE, name);
  const python = join(venv, 'bin', 'python');
  const installed = () => {
    try {
      return execFileSync(python, ['-c', probe]).toString().trim();
    } catch {
      return '';
    }
  };
  if (existsSync(python) && installed() === wanted) return python;
  execFileSync('python3', ['-m', 'venv', '--clear', venv], { stdio: 'ignore' });
  // No retries: a registry this machine cannot reach fails at once, and the next index is tried.
  for (const args of installs) {
    execFileSync(join(venv, 'bin', 'pip'), ['install', '--quiet', '--retries', '0', '--timeout', '10', ...args], {
      stdio: 'pipe',
    });
  }
  const now = installed();
  if (now !== wanted)
    throw new Error(`The Python packages for ${name} did not install (found "${now}", wanted "${wanted}").`);
  return python;
}
