import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pythonVenv } from './python-venv';

const HERE = join(import.meta.dirname, 'tiny-gguf');
const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'tiny-gguf');

/**
 * The tiny test model (testing/tiny-gguf/make_tiny_gguf.py: random weights from a fixed seed, a
 * byte vocabulary, Qwen 2.5's tool template), written with llama.cpp's own `gguf` package the
 * first time and kept under node_modules/.cache while its script and template are unchanged. Its path.
 * `chatty`: the same model leaning away from tool calls and the end of its turn (a long answer).
 */
export function tinyGgufPath(variant: 'tools' | 'chatty' = 'tools'): string {
  const sources = ['make_tiny_gguf.py', 'qwen2.5-tools.jinja'].map((file) => readFileSync(join(HERE, file)));
  const digest = createHash('sha256').update(Buffer.concat(sources)).digest('hex').slice(0, 16);
  const path = join(CACHE, `tiny-${variant}-${digest}.gguf`);
  if (existsSync(path)) return path;
  const python = pythonVenv({
    name: 'gguf-writer',
    probe: 'import importlib.metadata as m; print(m.version("gguf"))',
    wanted: '0.19.0',
    installs: [['gguf==0.19.0']],
  });
  mkdirSync(CACHE, { recursive: true });
  execFileSync(python, [join(HERE, 'make_tiny_gguf.py'), path, ...(variant === 'chatty' ? ['--chatty'] : [])], {
    stdio: 'pipe',
  });
  return path;
}
