import type { UIMessage } from 'ai';
import { loadavg } from 'node:os';
import { expect, test } from 'vitest';
import { againstFloor, FLOOR_BUDGETS, floorOf, serveFloor } from '@/scripts/first-load/floor';
import { assertAnotherSite, startPageUrl } from '@/scripts/first-load/start-page';
import { serializeSessionFile } from '@/lib/session/session-file';
import { createSessionStore } from '@/lib/session/session-store';
import { withProductionPage } from './browser-bench';
import { generateLongSession } from './generate-long-session';

/**
 * Short links (lib/share/CONTEXT.md), in the browser against the production build: the time from `Create short link` to
 * the link shown (serialise + gzip + encrypt + upload), and from opening the link in a fresh
 * context to the run drawn (download + decrypt + read + first draw of the graph) and to its last
 * message drawn in the conversation.
 */
const PORT = 3352;
const RUNS = 5;
const FLOOR_PORT = 3353;
/**
 * Budgets, medians: opening a link of any of these sizes to its last message drawn (what a
 * viewer waits for), as a multiple of the floor measured in the same run (bench/floor,
 * docs/decisions/first-load.md); creating one, in ms.
 */
const BUDGET_OPEN_FLOOR = FLOOR_BUDGETS.sharedLinkLastMessage;
const BUDGET_CREATE_MS = 1_000;
type ShownClock = { forkAtMs?: number; graphAtMs?: number; lastAtMs?: number; longTasks: number[][] };

/**
 * In the page before its own scripts, as the floor's Send is timed (scripts/first-load): notes on
 * the page's clock when the viewer's `Fork to edit` button, the graph's first node and the
 * conversation's last message (its exact text) were first drawn, looking once a frame after the
 * page changed; also collects every main-thread task over 50 ms. (Polling from Playwright would
 * run its own queries on the page's main thread, on a page busy drawing.)
 */
function watchForShownSession(lastText: string) {
  const own = window as unknown as ShownClock;
  own.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) own.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Drawn: there and visible (React Flow draws a node hidden until it has measured it), as Playwright's `waitFor` means it.
  const drawn = (element: Element | null | undefined) =>
    element?.checkVisibility({ visibilityProperty: true, opacityProperty: true }) === true;
  const withText = (root: Element | null, text: string) => {
    if (!root) return undefined;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.nodeValue?.trim() === text && drawn(node.parentElement)) return node.parentElement;
    return undefined;
  };
  let looking = false;
  const look = () => {
    looking = false;
    const now = performance.now();
    const fork = [...document.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Fork to edit',
    );
    if (own.forkAtMs === undefined && drawn(fork)) own.forkAtMs = now;
    if (own.graphAtMs === undefined && drawn(document.querySelector('.react-flow__node-timeline'))) own.graphAtMs = now;
    if (own.forkAtMs === undefined || own.graphAtMs === undefined || own.lastAtMs !== undefined) return;
    if (withText(document.querySelector('section[aria-label="Conversation"]'), lastText)) own.lastAtMs = now;
  };
  new MutationObserver(() => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(look);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('short links in the browser: create, and open to first draw', async () => {
  await withProductionPage(PORT, 'Short links', async (page, browser) => {
    const loadBefore = loadavg()[0];
    // The floor is visited before each link is opened: both timed at the same moments.
    const floorServed = await serveFloor(browser, FLOOR_PORT);
    const lines: string[] = [];
    try {
      for (const [name, messages] of [
        ['50 messages', generateLongSession('b50', 1, 12).slice(0, 50)],
        ['500 calls', generateLongSession('b500', 5)],
        ['2,000 calls', generateLongSession('b2000', 20)],
      ] as [string, UIMessage[]][]) {
        const store = createSessionStore();
        store.getState().loadSession({ ...store.getState(), messages }, { trusted: false });
        await page.getByLabel('Session file').setInputFiles({
          name: 'bench.json',
          mimeType: 'application/json',
          buffer: Buffer.from(serializeSessionFile(store.getState())),
        });
        await page.getByRole('region', { name: 'Conversation' }).getByRole('article').last().waitFor();
        const create: number[] = [];
        const open: number[] = [];
        const last: number[] = [];
        let tasks: number[][] = [];
        // The last message's last call, as the conversation writes it.
        const lastText = (messages.at(-1)?.parts ?? []).findLast(
          (part) => part.type === 'text' && part.text.startsWith('Reading'),
        );
        for (let run = 0; run < RUNS; run++) {
          await page.getByRole('button', { name: 'Share' }).click();
          const started = performance.now();
          await page.getByRole('button', { name: 'Create short link' }).click();
          const box = page.getByRole('textbox', { name: 'Short link' });
          await box.waitFor();
          create.push(performance.now() - started);
          const link = await box.inputValue();
          await page.keyboard.press('Escape');
          await floorServed.visit();
          const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
          await context.addInitScript(watchForShownSession, lastText?.type === 'text' ? lastText.text : '');
          const viewer = await context.newPage();
          // From another site's page, as the first-load visits start (scripts/first-load/start-page.ts).
          assertAnotherSite(link);
          await viewer.goto(await startPageUrl());
          await viewer.goto(link);
          await viewer.waitForFunction(() => (window as unknown as ShownClock).lastAtMs !== undefined, undefined, {
            timeout: 60_000,
          });
          const clock = await viewer.evaluate(() => {
            const { forkAtMs, graphAtMs, lastAtMs, longTasks } = window as unknown as ShownClock;
            return { forkAtMs, graphAtMs, lastAtMs, longTasks };
          });
          open.push(Math.max(clock.forkAtMs ?? 0, clock.graphAtMs ?? 0));
          last.push(clock.lastAtMs ?? Number.NaN);
          tasks = clock.longTasks;
          await context.close();
        }
        // This size's own floor: the visits made just before its links were opened.
        const floor = floorOf(floorServed.floor().visits.slice(-RUNS));
        const bare = floorOf(floorServed.bare().visits.slice(-RUNS));
        lines.push(
          `${name.padEnd(12)} floor ${floor.usableMs.toFixed(0)} ms · create ${median(create).toFixed(0).padStart(5)} ms (budget ${BUDGET_CREATE_MS}) · open to first draw ${median(open).toFixed(0).padStart(5)} ms · to the last message drawn ${againstFloor(median(last), floor, bare)} (budget ${BUDGET_OPEN_FLOOR}×) — medians of ${RUNS}; each: ${last.map((ms) => ms.toFixed(0)).join(', ')}`,
        );
        lines.push(
          `${''.padEnd(12)} the last visit's long tasks (start+ms): ${tasks.map(([start, ms]) => `${start.toFixed(0)}+${ms.toFixed(0)}`).join(', ')}`,
        );
        expect
          .soft(median(last) / floor.usableMs, `${name}: open to the last message drawn (× the floor)`)
          .toBeLessThanOrEqual(BUDGET_OPEN_FLOOR);
        expect.soft(median(create), `${name}: create (ms)`).toBeLessThanOrEqual(BUDGET_CREATE_MS);
      }
    } finally {
      floorServed.stop();
    }
    const floor = floorServed.floor();
    lines.unshift(
      `the floor (bench/floor, cross-origin isolated as the playground is): Send usable after ${floor.usableMs.toFixed(0)} ms (median of ${floor.visits.length}, one before each link opened; ${floor.visits.map((visit) => visit.usableMs.toFixed(0)).join(', ')}); bare (not isolated), ${floorServed.bare().usableMs.toFixed(0)} ms`,
    );
    console.log(
      `\nShort links in the browser, production build (load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after)\n${lines.join('\n')}\n`,
    );
  });
}, 600_000);
