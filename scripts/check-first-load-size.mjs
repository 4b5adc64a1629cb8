// The CI gate of issue 16: the JavaScript a first visit to `/` loads before the page is usable
// (the route's first-load chunks, as `next build` lists them), gzipped as `next start` sends it.
// Fails when it grows more than 10 % past the 300 KB budget; sizes are deterministic, timings
// are not (those are in `npm run bench`).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.FIRST_LOAD_BUDGET_KB ?? 300);
const LIMIT_KB = BUDGET_KB * 1.1;
const STATS = '.next/diagnostics/route-bundle-stats.json';

let stats;
try {
  stats = JSON.parse(readFileSync(STATS, 'utf8'));
} catch (error) {
  console.error(`First-load size: cannot read ${STATS} (${error.message}). Run \`npm run build\` first.`);
  process.exit(1);
}
const page = stats.find((entry) => entry.route === '/');
if (!page) {
  console.error(`First-load size: ${STATS} lists no "/" route.`);
  process.exit(1);
}
const chunks = page.firstLoadChunkPaths
  .map((path) => ({ path, bytes: gzipSync(readFileSync(path)).length }))
  .sort((a, b) => b.bytes - a.bytes);
const totalKb = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0) / 1024;
console.log(
  `First-load JavaScript of /: ${totalKb.toFixed(1)} KB gzipped in ${chunks.length} chunks (budget ${BUDGET_KB} KB, CI fails above ${LIMIT_KB.toFixed(0)} KB)`,
);
for (const chunk of chunks) console.log(`  ${(chunk.bytes / 1024).toFixed(1).padStart(6)} KB  ${chunk.path}`);
if (totalKb > LIMIT_KB) {
  console.error(
    `First-load JavaScript grew to ${totalKb.toFixed(1)} KB, more than 10 % past the ${BUDGET_KB} KB budget. Load the new code on first use (a dynamic import) or on idle, as the engine and the editor are.`,
  );
  process.exit(1);
}
