// The CI gate of docs/decisions/first-load.md (the playground and the embed): the JavaScript a first visit to a page loads
// before it is usable (the route's first-load chunks, as `next build` lists them), gzipped as
// `next start` sends it. Fails when one grows more than 10 % past its budget; sizes are
// deterministic, timings are not (those are in `npm run bench`).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const ROUTES = [
  { route: '/', budgetKb: Number(process.env.FIRST_LOAD_BUDGET_KB ?? 300) },
  // The frameable player: read-only, no engine, no editor.
  { route: '/embed', budgetKb: 200 },
];
const STATS = '.next/diagnostics/route-bundle-stats.json';

let stats;
try {
  stats = JSON.parse(readFileSync(STATS, 'utf8'));
} catch (error) {
  console.error(`First-load size: cannot read ${STATS} (${error.message}). Run \`npm run build\` first.`);
  process.exit(1);
}
let failed = false;
for (const { route, budgetKb } of ROUTES) {
  const limitKb = budgetKb * 1.1;
  const page = stats.find((entry) => entry.route === route);
  if (!page) {
    console.error(`First-load size: ${STATS} lists no "${route}" route.`);
    process.exit(1);
  }
  const chunks = page.firstLoadChunkPaths
    .map((path) => ({ path, bytes: gzipSync(readFileSync(path)).length }))
    .sort((a, b) => b.bytes - a.bytes);
  const totalKb = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0) / 1024;
  console.log(
    `First-load JavaScript of ${route}: ${totalKb.toFixed(1)} KB gzipped in ${chunks.length} chunks (budget ${budgetKb} KB, CI fails above ${limitKb.toFixed(0)} KB)`,
  );
  for (const chunk of chunks) console.log(`  ${(chunk.bytes / 1024).toFixed(1).padStart(6)} KB  ${chunk.path}`);
  if (totalKb > limitKb) {
    failed = true;
    console.error(
      `First-load JavaScript of ${route} grew to ${totalKb.toFixed(1)} KB, more than 10 % past its ${budgetKb} KB budget. Load the new code on first use (a dynamic import) or on idle, as the engine and the editor are.`,
    );
  }
}
if (failed) process.exit(1);
