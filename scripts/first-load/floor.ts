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

/**
 * Ratio budgets against the floor's Send usable (medians of cold visits) — the floor served as the
 * playground's pages must be, cross-origin isolated (docs/decisions/first-load.md says why).
 */
export const FLOOR_BUDGETS = { sendUsable: 2, engineReady: 3, sharedLinkLastMessage: 4 } as const;

/** The floor's figures from its visits: medians of Send usable and of its long tasks before then. */
export function floorOf(visits: FirstVisit[]): Floor {
  return {
    usableMs: median(visits.map((visit) => visit.usableMs)),
    longTasksMs: median(
      visits.map((visit) =>
        visit.longTasks.filter((task) => task.start < visit.usableMs).reduce((sum, task) => sum + task.duration, 0),
      ),
    ),
    visits,
  };
}

/**
 * The floor served: one more cold visit at a time — of the floor cross-origin isolated
 * (`/isolated`, as the playground's pages are), then of the same page bare — and the figures of
 * each so far: `floor()` the isolated one, which the budgets are against; `bare()` the other.
 */
export type ServedFloor = { visit(): Promise<void>; floor(): Floor; bare(): Floor; stop(): void };

/**
 * Builds the floor when needed and serves it on `port`. A bench visits it between its own
 * visits — floor, page, floor, page… — so a machine busier at the end of a run than at its
 * start weighs on both alike (the floor visited first, all at once, was timed on a calmer
 * machine than the page). The budgets are against the isolated floor; the bare one says how
 * much the isolation WebContainer and the local model's threads need costs a page.
 */
export async function serveFloor(browser: Browser, port: number): Promise<ServedFloor> {
  ensureFloorBuilt();
  const served = await serveBuild(FLOOR_DIR, port);
  const policy = (await fetch(`${served.url}/isolated`)).headers.get('cross-origin-opener-policy');
  if (policy !== 'same-origin') {
    served.stop();
    throw new Error(`the isolated floor is not isolated (its Cross-Origin-Opener-Policy: ${policy})`);
  }
  const isolatedVisits: FirstVisit[] = [];
  const bareVisits: FirstVisit[] = [];
  return {
    visit: async () => {
      isolatedVisits.push(await firstVisit(browser, `${served.url}/isolated`));
      bareVisits.push(await firstVisit(browser, `${served.url}/`));
    },
    floor: () => floorOf(isolatedVisits),
    bare: () => floorOf(bareVisits),
    stop: () => served.stop(),
  };
}

/** "1,234 ms (1.7× the floor; 2.1× the bare floor)". */
export const againstFloor = (ms: number, floor: Floor, bare?: Floor) =>
  `${Math.round(ms).toLocaleString('en-GB')} ms (${(ms / floor.usableMs).toFixed(2)}× the floor${bare ? `; ${(ms / bare.usableMs).toFixed(2)}× the bare floor` : ''})`;
