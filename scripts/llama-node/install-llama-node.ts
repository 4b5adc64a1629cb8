import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const HERE = import.meta.dirname;
const WANTED: string = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8')).dependencies['node-llama-cpp'];
const PACKAGE = join(HERE, 'node_modules', 'node-llama-cpp');

const installedVersion = () => {
  const manifest = join(PACKAGE, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')).version as string) : undefined;
};

/**
 * node-llama-cpp (the version scripts/llama-node/package.json pins, from its lock file, with its
 * prebuilt linux-x64 binary), installed into scripts/llama-node/node_modules once and reused; its
 * folder. `--omit=optional --ignore-scripts`: no GPU builds downloaded, nothing compiled (about 15 s).
 */
export function installLlamaNode(): string {
  if (installedVersion() !== WANTED)
    execFileSync('npm', ['ci', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: HERE,
      stdio: 'pipe',
      timeout: 600_000,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
  const now = installedVersion();
  if (now !== WANTED)
    throw new Error(`node-llama-cpp ${WANTED} did not install in scripts/llama-node (found ${now ?? 'nothing'}).`);
  return PACKAGE;
}
