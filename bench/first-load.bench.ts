import type { Browser } from '@playwright/test';
import { test } from 'vitest';
import { withProductionPage } from './browser-bench';

type Loaded = { url: string; bytes: number; atMs: number };
type Visit = { usableMs: number; loaded: Loaded[] };

const PORT = 3304;
const RUNS = 3;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const sum = (entries: readonly Loaded[]) => entries.reduce((total, entry) => total + entry.bytes, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One first visit with a cold cache: every JavaScript file and when it arrived, and when Send worked. */
async function visit(browser: Browser): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const loaded: Loaded[] = [];
  const started = Date.now();
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response || !/javascript/.test(response.headers()['content-type'] ?? '')) return;
    const sizes = await request.sizes();
    loaded.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, atMs: Date.now() - started });
  });
  await page.goto(`http://localhost:${PORT}/`);
  const message = page.getByRole('textbox', { name: 'Message' });
  const send = page.getByRole('button', { name: 'Send', exact: true });
  // Usable: typing enables Send — which needs the page hydrated, not only drawn.
  for (;;) {
    await message.fill(`hello ${Date.now()}`);
    if (await send.isEnabled()) break;
    await page.waitForTimeout(10);
  }
  const usableMs = Date.now() - started;
  await page
    .getByRole('status')
    .filter({ hasText: /^Sandbox: offline/ })
    .waitFor();
  await page.locator('.monaco-editor').first().waitFor();
  await page.waitForTimeout(1000);
  await context.close();
  return { usableMs, loaded };
}

test('first load: JavaScript transferred (gzipped) until Send is usable, per chunk, and the time to it', async () => {
  await withProductionPage(PORT, 'First load', async (_page, browser) => {
    const visits: Visit[] = [];
    for (let run = 0; run < RUNS; run++) visits.push(await visit(browser));
    const before = visits.map((each) => sum(each.loaded.filter((entry) => entry.atMs <= each.usableMs)));
    const last = visits[visits.length - 1];
    const biggest = [...last.loaded].sort((a, b) => b.bytes - a.bytes).slice(0, 15);
    console.log(
      [
        '',
        `First load in headless Chromium, production build, cold cache, ${RUNS} visits (issue 16)`,
        `Send usable after ${median(visits.map((each) => each.usableMs))} ms (median; ${visits.map((each) => each.usableMs).join(', ')})`,
        `JavaScript by then: ${kb(median(before))} (median; ${before.map(kb).join(', ')}) — budget 300 KB`,
        `JavaScript once settled (editor and sandbox up): ${kb(sum(last.loaded))} in ${last.loaded.length} files`,
        'largest files of the last visit (transferred):',
        ...biggest.map(
          (entry) =>
            `  ${kb(entry.bytes).padStart(7)}  ${entry.atMs <= last.usableMs ? 'before' : 'after '} usable  ${entry.url}`,
        ),
        '',
      ].join('\n'),
    );
  });
});
