import { test } from 'vitest';
import { openLongSession, startFrames, stopFrames, withProductionPage } from './browser-bench';

test('conversation: a 500-call session in headless Chromium — time to draw the messages, frames while scrolling', async () => {
  await withProductionPage(3303, 'Conversation scroll', async (page) => {
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const opened = performance.now();
    await openLongSession(page, 'scroll');
    await conversation.getByRole('article').filter({ hasText: 'All chapters read' }).last().waitFor();
    const openMs = performance.now() - opened;
    const drawn = await conversation.getByRole('article').count();
    const elements = await conversation.evaluate((region) => region.querySelectorAll('*').length);

    // The scrolling list (found by its class, so builds from before it had a name can be measured too).
    const list = conversation.locator('.overflow-auto').first();
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await startFrames(page);
    const started = Date.now();
    // Wheel up through the whole conversation and back down, as fast as a person flicks.
    for (let i = 0; Date.now() - started < 3000; i++) await page.mouse.wheel(0, i % 200 < 100 ? -400 : 400);
    const frames = await stopFrames(page);
    console.log(
      [
        '',
        'Conversation in headless Chromium (issue 14)',
        `session of 500 tool calls opened from a file, messages drawn: ${openMs.toFixed(0)} ms`,
        `in the page: ${drawn} message blocks, ${elements} elements in the Conversation pane (the rest are windowed out)`,
        `wheel-scrolling for 3 s: ${frames}`,
        '',
      ].join('\n'),
    );
  });
});
