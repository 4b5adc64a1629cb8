import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import LZString from 'lz-string';
import { expect, test } from 'vitest';
import { CORE_TOOL_DEFINITIONS } from '@/lib/shapes/core-tool-definitions';
import { formatToolSource } from '@/lib/shapes/tool-source';
import { createInitialSession } from '@/lib/session/initial-session';
import { pickSessionData } from '@/lib/session/session-file';
import { longestTaskSince, recordLongTasks } from '../e2e/pages/long-tasks';
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
      await recordLongTasks(viewer);
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
      longest.push(await longestTaskSince(viewer, since));
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

test('hardening round four in the browser: Import cases… keeps the page answering on a stranger’s files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const blank = join(dir, 'blank-lines.json');
  writeFileSync(
    blank,
    `${'\n'.repeat(128 * 1024)}{"kind":"tool-playground-eval-cases","version":1,"cases":[{"id":"a","prompt":"hi","expect":{"noTool":true}}]}`,
  );
  const config = join(dir, 'large-promptfooconfig.yaml');
  const tests = Array.from(
    { length: 200 },
    (_, index) =>
      `  - description: "case ${index}"\n    vars: { city: "City ${index}" }\n    metadata: { notes: "${'x '.repeat(5_000)}" }\n`,
  ).join('');
  writeFileSync(
    config,
    `prompts:\n  - 'Weather in {{city}}?'\nproviders:\n  - id: openai:chat:gpt-4.1-mini\ntests:\n${tests}`,
  );
  await withProductionPage(PORT + 1, 'Hardening round four', async (page, browser) => {
    const origin = new URL(page.url()).origin;
    const blankLines: number[] = [];
    const largeConfig: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
      const viewer = await context.newPage();
      await recordLongTasks(viewer);
      await viewer.goto(origin);
      await viewer.getByRole('main').and(viewer.locator('[aria-busy="false"]')).waitFor();
      await viewer.getByRole('button', { name: 'Evals', exact: true }).click();
      const evals = viewer.getByRole('region', { name: 'Evals' });
      let since = await viewer.evaluate(() => performance.now());
      await evals.getByLabel('Eval cases file').setInputFiles(blank);
      await evals.getByText(/^1 case saved\./).waitFor({ timeout: 60_000 });
      blankLines.push(await longestTaskSince(viewer, since));
      since = await viewer.evaluate(() => performance.now());
      await evals.getByLabel('Eval cases file').setInputFiles(config);
      await evals.getByText(/^Imported 200 cases from the promptfoo config/).waitFor({ timeout: 60_000 });
      largeConfig.push(await longestTaskSince(viewer, since));
      await context.close();
    }
    console.log(
      `\nHardening round four, production build, median of ${RUNS}\n` +
        `Import cases…, 128 KB of blank lines: longest main-thread task ${median(blankLines).toFixed(0)} ms (budget 200)\n` +
        `Import cases…, a 2 MB promptfoo config (read in a worker): longest main-thread task ${median(largeConfig).toFixed(0)} ms (budget 200)\n`,
    );
    expect(median(blankLines)).toBeLessThanOrEqual(200);
    expect(median(largeConfig)).toBeLessThanOrEqual(200);
  });
  rmSync(dir, { recursive: true, force: true });
}, 600_000);
