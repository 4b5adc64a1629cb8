import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { launchChromium } from '@/scripts/first-load/chromium';
import { serveBuild } from '@/scripts/first-load/serve-build';
import { serializeSessionFile } from '@/lib/session/session-file';
import { createSessionStore } from '@/lib/session/session-store';
import { generateLongSession } from './generate-long-session';

/**
 * Runs `measure` with the production build served (`next start` on `port`); says so and does
 * nothing when there is no build. The server is stopped afterwards.
 */
export async function withProductionServer(port: number, name: string, measure: (url: string) => Promise<void>) {
  if (!existsSync('.next/BUILD_ID')) {
    console.log(`${name} benchmark skipped: run \`npx next build\` first (it measures the production build).`);
    return;
  }
  // Its own store of short links, gone afterwards (the benches make dozens: not the repository's
  // `.data/`, and not within the per-client limit on creating them).
  const data = mkdtempSync(join(tmpdir(), 'tool-playground-bench-'));
  const served = await serveBuild('.', port, '/api/providers', {
    PLAYGROUND_DATA_DIR: data,
    PLAYGROUND_LINK_RATE_LIMIT: '10000',
  });
  try {
    await measure(served.url);
  } finally {
    served.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

/** Runs `measure` against the production build in headless Chromium, from a settled page. */
export async function withProductionPage(
  port: number,
  name: string,
  measure: (page: Page, browser: Browser) => Promise<void>,
) {
  await withProductionServer(port, name, async (url) => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
      await page.goto(`${url}/`);
      // Measure from a settled page: the session restored, the engine loaded and the (lazily loaded) editor drawn.
      await page.locator('main[aria-busy="false"]').waitFor();
      await page.locator('.monaco-editor').first().waitFor();
      await measure(page, browser);
    } finally {
      await browser.close();
    }
  });
}

/** Opens the 500-call session through the Session file input, as a person would; returns when it is chosen. */
export async function openLongSession(page: Page, prefix: string) {
  const store = createSessionStore();
  store.getState().loadSession({ ...store.getState(), messages: generateLongSession(prefix) }, { trusted: false });
  await page.getByLabel('Session file').setInputFiles({
    name: 'long.json',
    mimeType: 'application/json',
    buffer: Buffer.from(serializeSessionFile(store.getState())),
  });
}

/** Starts counting animation frames in the page. */
export async function startFrames(page: Page) {
  await page.evaluate(() => {
    const deltas: number[] = [];
    let last = performance.now();
    const tick = (now: number) => {
      deltas.push(now - last);
      last = now;
      if (!(window as unknown as { stopFrames?: boolean }).stopFrames) requestAnimationFrame(tick);
    };
    (window as unknown as { frameDeltas: number[] }).frameDeltas = deltas;
    (window as unknown as { stopFrames?: boolean }).stopFrames = false;
    requestAnimationFrame(tick);
  });
}

/** Stops counting; "N frames, median …, p95 …, max …". */
export async function stopFrames(page: Page): Promise<string> {
  const deltas = await page.evaluate(() => {
    (window as unknown as { stopFrames: boolean }).stopFrames = true;
    return (window as unknown as { frameDeltas: number[] }).frameDeltas.slice(1);
  });
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `${deltas.length} frames, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}
