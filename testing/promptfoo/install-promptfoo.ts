import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const HERE = import.meta.dirname;
const WANTED: string = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8')).dependencies.promptfoo;

const installedVersion = () => {
  const manifest = join(HERE, 'node_modules', 'promptfoo', 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')).version as string) : undefined;
};

/**
 * promptfoo itself (the version testing/promptfoo/package.json pins, from its lock file), installed
 * into testing/promptfoo/node_modules once and reused while that version is there; its CLI's path.
 * The project's own Node runs it (promptfoo needs Node ≥ 22). A minute or two the first time.
 */
export function promptfooCli(): string {
  if (installedVersion() !== WANTED)
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: HERE,
      stdio: 'pipe',
      timeout: 900_000,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
  const now = installedVersion();
  if (now !== WANTED) throw new Error(`promptfoo ${WANTED} did not install in testing/promptfoo (found ${now}).`);
  return join(HERE, 'node_modules', 'promptfoo', 'dist', 'src', 'entrypoint.js');
}
