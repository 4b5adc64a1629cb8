import { test } from 'vitest';
import { savedSessionState } from '@/testing/saved-session';
import { tinyGgufPath } from '@/testing/tiny-gguf-path';
import { withProductionPage } from './browser-bench';
import { type Figure, printFigures } from './measure';

/**
 * The model in the browser, in headless Chromium against the production build (llama.cpp in wasm,
 * in the page's worker): loading the tiny model file, its first step (the 8-tool prompt, about
 * 6,000 tokens, evaluated from nothing), and the page's longest main-thread task while the chatty
 * model streams text (the budget: under 100 ms).
 */
test('the model in the browser: load, first step, longest task while generating', async () => {
  await withProductionPage(3407, 'local model (browser)', async (page) => {
    const figures: Figure[] = [];
    const once = (name: string, ms: number): Figure => ({ name, iterations: 1, medianMs: ms, p95Ms: ms });
    await page.evaluate(() => {
      const tasks: number[] = [];
      (window as unknown as { tasks: number[] }).tasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const load = async (file: string) => {
      await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'In your browser (no key)' });
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Run settings' });
      const started = performance.now();
      const chooser = page.waitForEvent('filechooser');
      await settings.getByRole('button', { name: 'Load a model file' }).click();
      await (await chooser).setFiles(file);
      await settings
        .getByRole('status')
        .filter({ hasText: /llama\.cpp in this tab/ })
        .waitFor({ timeout: 60_000 });
      const ms = performance.now() - started;
      await page.keyboard.press('Escape');
      return ms;
    };
    figures.push(once('browser model: load the tiny model file', await load(tinyGgufPath())));
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    const sent = performance.now();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 120_000 });
    figures.push(once('browser model: first step with the 8 core tools', performance.now() - sent));

    await load(tinyGgufPath('chatty'));
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Run settings' });
    await settings.getByText('More settings').click();
    await settings.getByRole('spinbutton', { name: 'Max output tokens' }).fill('2000');
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Message' }).fill('Tell me a long story.');
    await page.evaluate(() => {
      (window as unknown as { tasks: number[] }).tasks.length = 0;
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 120_000 });
    const longest = await page.evaluate(() => Math.max(0, ...(window as unknown as { tasks: number[] }).tasks));
    figures.push(once('browser model: longest main-thread task while generating', longest));
    // The step's own timing (data-local, kept in the saved session): tokens per second once it writes.
    const readTiming = async () => {
      const saved = await savedSessionState<{ messages?: { parts: { type: string; data?: unknown }[] }[] }>(page);
      const local = (saved.messages ?? [])
        .flatMap((message) => message.parts)
        .filter((part) => part.type === 'data-local')
        .at(-1)?.data as { timing?: { firstTokenMs: number; tokensPerSecond?: number } } | undefined;
      return local?.timing;
    };
    // The session is saved a moment after the step ends: wait for the step's part to be in it.
    let timing = await readTiming();
    for (let tries = 0; !timing?.tokensPerSecond && tries < 50; tries++) {
      await page.waitForTimeout(200);
      timing = await readTiming();
    }
    if (!timing?.tokensPerSecond) throw new Error('The chatty step kept no tokens-per-second figure.');
    figures.push(
      once(
        `browser model: per generated token (${timing.tokensPerSecond.toFixed(0)} tokens/s)`,
        1000 / timing.tokensPerSecond,
      ),
    );
    printFigures('The model in the browser (production build, headless Chromium, tiny model)', figures);
  });
}, 300_000);
