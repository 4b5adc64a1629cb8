import LZString from 'lz-string';
import { expect, test } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '@/lib/shapes/core-tool-definitions';
import { formatToolSource } from '@/lib/shapes/tool-source';
import { createInitialSession } from '@/lib/session/initial-session';
import { pickSessionData } from '@/lib/session/session-file';
import { withProductionPage } from './browser-bench';

/**
 * In the browser against the production build: a fragment link whose tool
 * description is 60,000 CJK letters (one pre-token: gpt-tokenizer's merge is quadratic in it)
 * opened in a fresh page — the longest main-thread task while the token X-ray counts, how
 * long a click takes to answer meanwhile, and how long until the count says "too long to
 * count". Budgets: no task over 200 ms, a click within 200 ms; the bench fails past them.
 */
const PORT = 3353;
const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('hardening round three in the browser: a 60,000-CJK link keeps the page answering', async () => {
  await withProductionPage(PORT, 'Hardening round three', async (page, browser) => {
    const session = createInitialSession();
    const bash = CORE_TOOL_DEFINITIONS.find((definition) => definition.name === 'bash');
    session.tools = session.tools.map((tool) =>
      tool.id === 'tool-bash'
        ? { ...tool, source: formatToolSource({ ...bash, description: '漢字'.repeat(30_000) }) }
        : tool,
    );
    session.selectedToolId = 'tool-bash';
    const origin = new URL(page.url()).origin;
    const link = `${origin}/#share=1.${LZString.compressToEncodedURIComponent(JSON.stringify(pickSessionData(session)))}`;
    const longest: number[] = [];
    const click: number[] = [];
    const counted: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
      const viewer = await context.newPage();
      await viewer.addInitScript(() => {
        const tasks: { start: number; duration: number }[] = [];
        (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await viewer.goto(link);
      const lines = viewer.locator('[aria-label="Tool definition"] .view-lines');
      await lines.getByText('counting tokens…').waitFor({ timeout: 60_000 });
      const since = await viewer.evaluate(() => performance.now());
      // A click while the worker counts: from the press to the dialog on screen.
      const clicked = performance.now();
      await viewer.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await viewer.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      click.push(performance.now() - clicked);
      await viewer.keyboard.press('Escape');
      await lines.getByText('too long to count').waitFor({ timeout: 60_000 });
      counted.push((await viewer.evaluate(() => performance.now())) - since);
      longest.push(
        await viewer.evaluate(
          (from) =>
            Math.max(
              0,
              ...(window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks
                .filter((task) => task.start + task.duration >= from)
                .map((task) => task.duration),
            ),
          since,
        ),
      );
      await context.close();
    }
    console.log(
      `\nHardening round three, production build, median of ${RUNS}\n` +
        `60,000-CJK link: longest main-thread task while counting ${median(longest).toFixed(0)} ms (budget 200)\n` +
        `a click answered while counting in ${median(click).toFixed(0)} ms (budget 200, Playwright's round trip included)\n` +
        `"too long to count" shown ${median(counted).toFixed(0)} ms after counting began (worker budget 3,000 ms)\n`,
    );
    expect(median(longest)).toBeLessThanOrEqual(200);
    expect(median(click)).toBeLessThanOrEqual(200);
  });
}, 600_000);
