import { test } from 'vitest';
import { withProductionPage } from './browser-bench';

type Loaded = { url: string; bytes: number; atMs: number };

test('first load: JavaScript transferred (gzipped) until the Message box is usable, per chunk, and the time to it', async () => {
  await withProductionPage(3304, 'First load', async (_page, browser) => {
    // A fresh context: a cold cache, as a first visit.
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
    await page.goto('http://localhost:3304/');
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.waitFor();
    await message.fill('hello');
    await page.getByRole('button', { name: 'Send', exact: true }).isEnabled();
    const usableMs = Date.now() - started;
    const untilUsable = loaded.filter((entry) => entry.atMs <= usableMs);
    // Then everything the page loads once it settles (the editor, the sandbox).
    await page
      .getByRole('status')
      .filter({ hasText: /^Sandbox: offline/ })
      .waitFor();
    await page.locator('.monaco-editor').first().waitFor();
    await page.waitForTimeout(1000);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    const sum = (entries: Loaded[]) => entries.reduce((total, entry) => total + entry.bytes, 0);
    const biggest = [...loaded].sort((a, b) => b.bytes - a.bytes).slice(0, 15);
    console.log(
      [
        '',
        'First load in headless Chromium, production build, cold cache (issue 16)',
        `Message box usable after ${usableMs} ms; JavaScript by then: ${kb(sum(untilUsable))} in ${untilUsable.length} files (budget 300 KB)`,
        `JavaScript once settled (editor and sandbox up): ${kb(sum(loaded))} in ${loaded.length} files`,
        'largest files (transferred):',
        ...biggest.map(
          (entry) =>
            `  ${kb(entry.bytes).padStart(7)}  ${entry.atMs <= usableMs ? 'before' : 'after '} usable  ${entry.url}`,
        ),
        '',
      ].join('\n'),
    );
    await context.close();
  });
});
