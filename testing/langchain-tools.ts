import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDefinition } from '@/lib/model/tool-formats';

/** The versions the fidelity tests compare against (what this machine's package index holds). */
export const LANGCHAIN_VERSIONS = { 'langchain-core': '1.6.5', pydantic: '2.13.5' } as const;

const ROOT = join(import.meta.dirname, '..');
const VENV = join(ROOT, 'node_modules', '.cache', 'langchain');

/**
 * A Python with the real `langchain-core` and `pydantic`, and `jinja2` for chat templates (a venv
 * under node_modules/.cache, made once). langchain-core installs with `--no-deps` plus what `convert_to_openai_tool` needs: one
 * of its declared dependencies is not in this machine's registry.
 */
export function pythonWithLangChain(): string {
  const python = join(VENV, 'bin', 'python');
  const wanted = `${LANGCHAIN_VERSIONS['langchain-core']} ${LANGCHAIN_VERSIONS.pydantic}`;
  const installed = () => {
    try {
      return execFileSync(python, [
        '-c',
        'import jinja2, langchain_core, pydantic; print(langchain_core.__version__, pydantic.VERSION)',
      ])
        .toString()
        .trim();
    } catch {
      return '';
    }
  };
  if (existsSync(python) && installed() === wanted) return python;
  execFileSync('python3', ['-m', 'venv', '--clear', VENV], { stdio: 'ignore' });
  const pip = (args: string[]) =>
    execFileSync(join(VENV, 'bin', 'pip'), ['install', '--quiet', '--retries', '0', '--timeout', '10', ...args], {
      stdio: 'pipe',
    });
  pip(['--no-deps', `langchain-core==${LANGCHAIN_VERSIONS['langchain-core']}`]);
  pip([
    `pydantic==${LANGCHAIN_VERSIONS.pydantic}`,
    'jsonpatch',
    'pyyaml',
    'tenacity',
    'typing-extensions',
    'packaging',
    'jinja2',
    'langsmith',
  ]);
  const now = installed();
  if (now !== wanted)
    throw new Error(`langchain-core and pydantic did not install (found "${now}", wanted "${wanted}").`);
  return python;
}

/** What LangChain's `convert_to_openai_tool` makes of each file: its tools' functions, or the error it raised. */
export function langChainTools(files: string[]): Record<string, ToolDefinition[] | { error: string }> {
  const script = join(import.meta.dirname, 'tools-from-code', 'langchain_tools.py');
  return JSON.parse(
    execFileSync(pythonWithLangChain(), [script, ...files], { maxBuffer: 64 * 1024 * 1024 }).toString(),
  );
}

/** A chat template rendered by Python's jinja2 in Transformers' environment (`apply_chat_template`). */
export function renderWithJinja2(template: string, context: Record<string, unknown>): string {
  const script = join(import.meta.dirname, 'tools-from-code', 'render_chat_template.py');
  return execFileSync(pythonWithLangChain(), [script], {
    input: JSON.stringify({ template, context }),
    maxBuffer: 16 * 1024 * 1024,
  }).toString();
}
