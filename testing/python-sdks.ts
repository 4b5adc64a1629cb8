import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The official Python SDKs Get code's snippets are run with (the versions reviews reported against). */
export const PYTHON_SDKS = { anthropic: '1.13.0', openai: '3.22.1' } as const;

const ROOT = join(import.meta.dirname, '..');
const VENV = join(ROOT, 'node_modules', '.cache', 'python-sdks');

/**
 * A Python with the real `anthropic` and `openai` SDKs installed (a venv under
 * node_modules/.cache, made once and reused while it holds these versions); its path.
 */
export function pythonWithSdks(): string {
  const python = join(VENV, 'bin', 'python');
  const wanted = `${PYTHON_SDKS.anthropic} ${PYTHON_SDKS.openai}`;
  const installed = () => {
    try {
      return execFileSync(python, ['-c', 'import anthropic, openai; print(anthropic.__version__, openai.__version__)'])
        .toString()
        .trim();
    } catch {
      return '';
    }
  };
  if (existsSync(python) && installed() === wanted) return python;
  execFileSync('python3', ['-m', 'venv', '--clear', VENV], { stdio: 'ignore' });
  // No retries: a registry this machine cannot reach fails at once, and the next index is tried.
  execFileSync(
    join(VENV, 'bin', 'pip'),
    [
      'install',
      '--quiet',
      '--retries',
      '0',
      '--timeout',
      '10',
      `anthropic==${PYTHON_SDKS.anthropic}`,
      `openai==${PYTHON_SDKS.openai}`,
    ],
    { stdio: 'pipe' },
  );
  const now = installed();
  if (now !== wanted) throw new Error(`The Python SDKs did not install (found "${now}", wanted "${wanted}").`);
  return python;
}
