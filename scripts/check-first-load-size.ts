// The CI gate of docs/decisions/first-load.md (`npm run check:size`, after `npm run build`): the
// JavaScript a browser transfers before the playground's Send button is usable — the page's
// scripts and its workers', gzipped as `next start` sends them — measured in headless Chromium
// on the production build with the same code as `bench/first-load.bench.ts` prints
// (scripts/first-load/first-visit.ts), so the gate and the bench cannot disagree. Fails over
// 300 KB (the median of 3 cold visits), and when the embed player loads more than 200 KB.
import { launchChromium } from './first-load/chromium.ts';
import { EMBED_BUDGET_KB, SEND_BUDGET_KB } from './first-load/budgets.ts';
import { firstVisit, kb, median } from './first-load/first-visit.ts';
import { serveBuild } from './first-load/serve-build.ts';

const PORT = Number(process.env.CHECK_SIZE_PORT ?? 3391);
const VISITS = 3;

const served = await serveBuild('.', PORT, '/api/providers').catch((error: Error) => {
  console.error(`First-load size: ${error.message}`);
  process.exit(1);
});
const browser = await launchChromium();
const problems: string[] = [];
try {
  const visits = [];
  for (let visit = 0; visit < VISITS; visit++) visits.push(await firstVisit(browser, `${served.url}/`));
  const bytes = median(visits.map((visit) => visit.bytesBeforeUsable));
  const last = visits.at(-1)!;
  console.log(
    `JavaScript before Send is usable on /: ${kb(bytes)} gzipped (median of ${VISITS} cold visits: ${visits.map((visit) => kb(visit.bytesBeforeUsable)).join(', ')}) — budget ${SEND_BUDGET_KB} KB`,
  );
  for (const transfer of last.transfers.filter((each) => each.arrivedMs <= last.usableMs))
    console.log(`  ${kb(transfer.bytes).padStart(9)}  ${transfer.url}`);
  if (bytes / 1024 > SEND_BUDGET_KB)
    problems.push(
      `The playground transfers ${kb(bytes)} of JavaScript before Send is usable, over its ${SEND_BUDGET_KB} KB budget. Load the new code once the page is idle (components/ui/hydrate-later.tsx, useIdle, a dynamic import), as the tools pane, the engine and the editor are.`,
    );
  const embed = await firstVisit(browser, `${served.url}/embed`, { until: 'load' });
  const embedBytes = embed.transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
  console.log(
    `JavaScript of the embed player (/embed, until loaded): ${kb(embedBytes)} — budget ${EMBED_BUDGET_KB} KB`,
  );
  if (embedBytes / 1024 > EMBED_BUDGET_KB)
    problems.push(`The embed player loads ${kb(embedBytes)} of JavaScript, over its ${EMBED_BUDGET_KB} KB budget.`);
} finally {
  await browser.close();
  served.stop();
}
for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);
