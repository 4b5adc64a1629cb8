import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { test } from 'vitest';
import { serializeSessionFile } from '@/lib/session/session-file';
import { createSessionStore } from '@/lib/session/session-store';
import { generateLongSession } from './generate-long-session';

const PORT = 3302;

/** Waits until the production server answers. */
async function waitForServer(url: string, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${url} did not start`);
}

test('timeline: a 500-call session in headless Chromium — open time and frame times while panning for 3 s', async () => {
  if (!existsSync('.next/BUILD_ID')) {
    console.log('Timeline pan benchmark skipped: run `npx next build` first (it measures the production build).');
    return;
  }
  const server = spawn('node_modules/.bin/next', ['start', '-p', String(PORT)], { stdio: 'ignore', detached: true });
  try {
    await waitForServer(`http://localhost:${PORT}/api/providers`);
    const browser = await chromium.launch({
      executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(`http://localhost:${PORT}/`);
    const store = createSessionStore();
    store.getState().loadSession({ ...store.getState(), messages: generateLongSession('pan') }, { trusted: false });
    const opened = performance.now();
    await page.getByLabel('Session file').setInputFiles({
      name: 'long.json',
      mimeType: 'application/json',
      buffer: Buffer.from(serializeSessionFile(store.getState())),
    });
    await page
      .getByRole('group', { name: /^Assistant message: All chapters read/ })
      .last()
      .waitFor();
    const openMs = performance.now() - opened;
    const nodeCount = await page.evaluate(() => document.querySelectorAll('.react-flow__node-timeline').length);

    await page.getByRole('checkbox', { name: 'Follow latest' }).uncheck();
    const pane = page.locator('.react-flow__pane');
    const box = (await pane.boundingBox())!;
    await page.evaluate(() => {
      const deltas: number[] = [];
      let last = performance.now();
      const tick = (now: number) => {
        deltas.push(now - last);
        last = now;
        if (!(window as unknown as { stopFrames?: boolean }).stopFrames) requestAnimationFrame(tick);
      };
      (window as unknown as { frameDeltas: number[] }).frameDeltas = deltas;
      requestAnimationFrame(tick);
    });
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
    const deltas = await page.evaluate(() => {
      (window as unknown as { stopFrames: boolean }).stopFrames = true;
      return (window as unknown as { frameDeltas: number[] }).frameDeltas.slice(1);
    });
    await browser.close();
    const sorted = [...deltas].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    console.log(
      [
        '',
        'Timeline in headless Chromium (issue 6)',
        `session of 500 tool calls opened from a file and drawn: ${openMs.toFixed(0)} ms (${nodeCount} nodes rendered; off-screen ones are skipped)`,
        `panning for 3 s: ${deltas.length} frames, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
        '',
      ].join('\n'),
    );
  } finally {
    if (server.pid) process.kill(-server.pid);
  }
});
