// What the page loads from public/vendor/ when `Tool from code` needs it, made before `next dev`
// and `next build`: the libraries the handler sandbox is given for a zod paste (zod and the AI
// SDK's schema helpers) bundled into zod-sandbox.js — one script, no imports, that the page posts
// into the sandboxed frame (which may load nothing by itself) — and tree-sitter's wasm files.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ZOD_SANDBOX_GLOBAL = '__toolPlaygroundZod';
const VENDOR = join(ROOT, 'public', 'vendor');
export const ZOD_SANDBOX_FILE = join(VENDOR, 'zod-sandbox.js');
/** The parser's runtime and the Python grammar, served as they are published. */
const WASM_FILES = [
  join(ROOT, 'node_modules', 'web-tree-sitter', 'web-tree-sitter.wasm'),
  join(ROOT, 'node_modules', 'tree-sitter-python', 'tree-sitter-python.wasm'),
  // llama.cpp for the model in the browser (loaded only when the person loads a model).
  join(ROOT, 'node_modules', '@wllama', 'wllama', 'esm', 'wasm', 'wllama.wasm'),
];

/** The bundle's text: an IIFE that sets `var __toolPlaygroundZod = { z, tool, asSchema, … }`. */
export async function bundleZodSandbox() {
  const result = await build({
    input: join(ROOT, 'scripts', 'sandbox', 'zod-sandbox-entry.ts'),
    platform: 'browser',
    write: false,
    logLevel: 'warn',
    output: { format: 'iife', name: ZOD_SANDBOX_GLOBAL, minify: true },
  });
  return result.output[0].code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const code = await bundleZodSandbox();
  mkdirSync(VENDOR, { recursive: true });
  writeFileSync(ZOD_SANDBOX_FILE, code);
  for (const file of WASM_FILES) copyFileSync(file, join(VENDOR, file.split('/').pop()));
  console.log(
    `public/vendor: zod-sandbox.js (${(code.length / 1024).toFixed(1)} KB) and ${WASM_FILES.length} wasm files`,
  );
}
