// Bundles the libraries the handler sandbox is given (zod and the AI SDK's schema helpers) into
// public/vendor/zod-sandbox.js: one script, no imports, that the page posts into the sandboxed
// frame (which may load nothing by itself). Runs before `next dev` and `next build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ZOD_SANDBOX_GLOBAL = '__toolPlaygroundZod';
export const ZOD_SANDBOX_FILE = join(ROOT, 'public', 'vendor', 'zod-sandbox.js');

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
  mkdirSync(dirname(ZOD_SANDBOX_FILE), { recursive: true });
  writeFileSync(ZOD_SANDBOX_FILE, code);
  console.log(`zod sandbox bundle: ${(code.length / 1024).toFixed(1)} KB → public/vendor/zod-sandbox.js`);
}
