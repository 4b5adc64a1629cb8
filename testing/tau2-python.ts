import { join } from 'node:path';
import { pythonVenv } from './python-venv';

/** τ²-bench's modules kept here (testing/tau2/README.md) and the path Python imports them from. */
export const TAU2_ROOT = join(import.meta.dirname, 'tau2');
export const TAU2_PYTHONPATH = [join(TAU2_ROOT, 'src'), join(TAU2_ROOT, 'shims')].join(':');

/** The versions τ²'s retail evaluator runs with here (what this machine's package index holds). */
const TAU2_NEEDS = {
  pydantic: '2.13.5',
  loguru: '0.7.3',
  deepdiff: '9.1.0',
  'docstring-parser': '0.18.0',
  'python-dotenv': '1.2.4',
  pandas: '3.0.6',
  toml: '0.10.2',
  pyyaml: '6.0.3',
} as const;

/** A Python that imports τ²'s retail environment and evaluator (a venv under node_modules/.cache, made once). */
export function pythonWithTau2(): string {
  return pythonVenv({
    name: 'tau2',
    probe:
      'import importlib.metadata as m; print(" ".join(m.version(p) for p in ["pydantic", "loguru", "deepdiff", "docstring-parser", "python-dotenv", "pandas", "toml", "pyyaml"]))',
    wanted: Object.values(TAU2_NEEDS).join(' '),
    installs: [Object.entries(TAU2_NEEDS).map(([name, version]) => `${name}==${version}`)],
  });
}

/** The environment a τ² script runs in: its modules on the path, its logging quiet. */
export const tau2Env = () => ({ ...process.env, PYTHONPATH: TAU2_PYTHONPATH, LOGURU_LEVEL: 'ERROR' });
