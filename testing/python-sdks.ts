import { pythonVenv } from './python-venv';

/** The official Python SDKs Get code's snippets are run with (the versions reviews reported against). */
export const PYTHON_SDKS = { anthropic: '1.13.0', openai: '3.22.1' } as const;

/** A Python with the real `anthropic` and `openai` SDKs installed (a venv under node_modules/.cache); its path. */
export function pythonWithSdks(): string {
  return pythonVenv({
    name: 'python-sdks',
    probe: 'import anthropic, openai; print(anthropic.__version__, openai.__version__)',
    wanted: `${PYTHON_SDKS.anthropic} ${PYTHON_SDKS.openai}`,
    installs: [[`anthropic==${PYTHON_SDKS.anthropic}`, `openai==${PYTHON_SDKS.openai}`]],
  });
}
