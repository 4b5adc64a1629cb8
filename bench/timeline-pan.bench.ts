import { test } from 'vitest';
import { openLongSession, startFrames, stopFrames, withProductionPage } from './browser-bench';

test('timeline: a 500-call session in headless Chromium — open time and frame times while panning for 3 s', async () => {
  await withProductionPage(3302, 'Timeline pan', async (page) => {
    const opened = performance.now();
    await openLongSession(page, 'pan');
    await page
      .getByRole('group', { name: /^Assistant message: All chapters read/ })
      .last()
      .waitFor();
    const openMs = performance.now() - opened;
    const nodeCount = await page.evaluate(() => document.querySelectorAll('.react-flow__node-timeline').length);

    await page.getByRole('checkbox', { name: 'Follow latest' }).uncheck();
    const box = (await page.locator('.react-flow__pane').boundingBox())!;
    await startFrames(page);
    const startX = box.x + box.width / 2;
    const startY = box.y + box.height / 2;
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    const panStarted = Date.now();
    for (let i = 0; Date.now() - panStarted < 3000; i++) {
      // Drag up and down the long graph, a few pixels per event.
      await page.mouse.move(startX + Math.sin(i / 20) * 150, startY - ((i * 6) % 600));
    }
    await page.mouse.up();
    const frames = await stopFrames(page);
    console.log(
      [
        '',
        'Timeline in headless Chromium (issue 6)',
        `session of 500 tool calls opened from a file and drawn: ${openMs.toFixed(0)} ms (${nodeCount} nodes rendered; off-screen ones are skipped)`,
        `panning for 3 s: ${frames}`,
        '',
      ].join('\n'),
    );
  });
});
