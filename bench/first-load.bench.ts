import { loadavg } from 'node:os';
import { expect, test } from 'vitest';
import { launchChromium } from '@/scripts/first-load/chromium';
import { againstFloor, FLOOR_BUDGETS, serveFloor } from '@/scripts/first-load/floor';
import { type FirstVisit, firstVisit, kb, median } from '@/scripts/first-load/first-visit';
import { serveBuild } from '@/scripts/first-load/serve-build';
import { SEND_BUDGET_KB } from '@/scripts/first-load/budgets';

/**
 * The first load (docs/decisions/first-load.md), against the floor measured in the same run: a
 * page built by the same Next.js and React with only a Message box and a Send button
 * (bench/floor), served cross-origin isolated as the playground is. Five cold visits of each, one
 * after the other, each from another site's page, in headless Chromium, production builds; each
 * time is printed as it is, as a multiple of the floor's Send usable (the budgets) and of the bare
 * floor's (the same page without isolation). The JavaScript before Send is the same measure as the
 * size gate's (`npm run check:size`).
 */
const PORT = 3304;
const FLOOR_PORT = 3305;
/** Cold visits of each page (median); `FIRST_LOAD_RUNS` for a closer look. */
const RUNS = Number(process.env.FIRST_LOAD_RUNS ?? 5);
/** Long tasks before the engine is ready, in all (median): an absolute budget (ms). */
const BUDGET_LONG_TASKS_MS = 300;

const longTasksBefore = (visit: FirstVisit, ms: number) =>
  visit.longTasks.filter((task) => task.start < ms).reduce((sum, task) => sum + task.duration, 0);

test('first load against the floor: Send usable, the engine ready, long tasks, JavaScript before Send', async () => {
  const browser = await launchChromium();
  const served = await serveBuild('.', PORT, '/api/providers');
  const floorServed = await serveFloor(browser, FLOOR_PORT);
  try {
    const loadBefore = loadavg()[0];
    const visits: FirstVisit[] = [];
    // Floor, page, floor, page…: both timed on the same machine at the same moments.
    for (let run = 0; run < RUNS; run++) {
      await floorServed.visit();
      visits.push(await firstVisit(browser, `${served.url}/`, { until: 'engine' }));
    }
    const floor = floorServed.floor();
    const bare = floorServed.bare();
    const usable = median(visits.map((visit) => visit.usableMs));
    const engine = median(visits.map((visit) => visit.engineMs ?? Number.NaN));
    const longTasks = median(visits.map((visit) => longTasksBefore(visit, visit.engineMs ?? Number.POSITIVE_INFINITY)));
    const bytes = median(visits.map((visit) => visit.bytesBeforeUsable));
    const last = visits.at(-1)!;
    const each = (pick: (visit: FirstVisit) => number) => visits.map((visit) => pick(visit).toFixed(0)).join(', ');
    console.log(
      [
        '',
        `First load, production builds, headless Chromium, ${RUNS} cold visits each (load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after)`,
        `the floor (bench/floor, cross-origin isolated as the playground is): Send usable after ${floor.usableMs.toFixed(0)} ms (median; ${floor.visits.map((visit) => visit.usableMs.toFixed(0)).join(', ')}), its long tasks ${floor.longTasksMs.toFixed(0)} ms, its JavaScript ${kb(median(floor.visits.map((visit) => visit.bytesBeforeUsable)))}; bare (not isolated), ${bare.usableMs.toFixed(0)} ms (${bare.visits.map((visit) => visit.usableMs.toFixed(0)).join(', ')})`,
        `Send usable after ${againstFloor(usable, floor, bare)} (median; ${each((visit) => visit.usableMs)}) — budget ${FLOOR_BUDGETS.sendUsable}×`,
        `engine ready (tools checked) after ${againstFloor(engine, floor, bare)} (median; ${each((visit) => visit.engineMs ?? Number.NaN)}) — budget ${FLOOR_BUDGETS.engineReady}×`,
        `long tasks before the engine is ready: ${longTasks.toFixed(0)} ms in all (median; the floor's before its Send: ${floor.longTasksMs.toFixed(0)} ms) — budget ${BUDGET_LONG_TASKS_MS} ms`,
        `JavaScript before Send is usable: ${kb(bytes)} (median; ${visits.map((visit) => kb(visit.bytesBeforeUsable)).join(', ')}; the size gate's measure) — budget ${SEND_BUDGET_KB} KB`,
        `long tasks of the last visit (start+ms): ${last.longTasks.map((task) => `${task.start.toFixed(0)}+${task.duration.toFixed(0)}${task.start < (last.engineMs ?? 0) ? '' : ' (after ready)'}`).join(', ')}`,
        'JavaScript of the last visit, as it arrived (gzipped):',
        ...last.transfers.map(
          (transfer) =>
            `  ${kb(transfer.bytes).padStart(9)}  ${transfer.arrivedMs.toFixed(0).padStart(5)} ms  ${transfer.arrivedMs <= last.usableMs ? 'before' : 'after '} Send  ${transfer.url}`,
        ),
        '',
      ].join('\n'),
    );
    expect.soft(usable / floor.usableMs, 'Send usable (× the floor)').toBeLessThanOrEqual(FLOOR_BUDGETS.sendUsable);
    expect.soft(engine / floor.usableMs, 'engine ready (× the floor)').toBeLessThanOrEqual(FLOOR_BUDGETS.engineReady);
    expect.soft(longTasks, 'long tasks before the engine (ms)').toBeLessThanOrEqual(BUDGET_LONG_TASKS_MS);
    expect.soft(bytes / 1024, 'JavaScript before Send (KB)').toBeLessThanOrEqual(SEND_BUDGET_KB);
  } finally {
    floorServed.stop();
    served.stop();
    await browser.close();
  }
}, 300_000);
