// The floor a first load is measured against (bench/floor, docs/decisions/first-load.md): a page
// built by the same Next.js and React with only a Message box and a Send button, timed in the
// same run, on the same machine, with the same visit as the playground.
import type { Browser } from '@playwright/test';
import { type FirstVisit, firstVisit, median } from './first-visit.ts';
import { ensureFloorBuilt, FLOOR_DIR, serveBuild } from './serve-build.ts';

export type Floor = {
  /** When the floor's Send was usable (median of the visits), ms. */
  usableMs: number;
  /** Its long tasks before then, in all (median), ms. */
  longTasksMs: number;
  visits: FirstVisit[];
};

/** Ratio budgets against the floor's Send usable (medians of cold visits). */
export const FLOOR_BUDGETS = { sendUsable: 2, engineReady: 3, sharedLinkLastMessage: 4 } as const;

/** Builds the floor when needed, serves it on `port` and visits it `visits` times cold. */
export async function measureFloor(browser: Browser, port: number, visits: number): Promise<Floor> {
  ensureFloorBuilt();
  const served = await serveBuild(FLOOR_DIR, port);
  try {
    const measured: FirstVisit[] = [];
    for (let visit = 0; visit < visits; visit++) measured.push(await firstVisit(browser, `${served.url}/`));
    return {
      usableMs: median(measured.map((visit) => visit.usableMs)),
      longTasksMs: median(
        measured.map((visit) =>
          visit.longTasks.filter((task) => task.start < visit.usableMs).reduce((sum, task) => sum + task.duration, 0),
        ),
      ),
      visits: measured,
    };
  } finally {
    served.stop();
  }
}

/** "1,234 ms (2.1× the floor)". */
export const againstFloor = (ms: number, floor: Floor) =>
  `${Math.round(ms).toLocaleString('en-GB')} ms (${(ms / floor.usableMs).toFixed(2)}× the floor)`;
