import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';

/** Sample this step (README, "Sampling a step"): N times, compare a variant, pass^k — keyless with the seeded simulated model. */

/** Temperature 1 and a seed: the simulated model draws its choices (the same for the same seed). */
async function seededRun(playground: PlaygroundPage, seed: number) {
  const settings = await playground.openRunSettings();
  await settings.getByText('More settings').click();
  await settings.getByRole('spinbutton', { name: 'Temperature' }).fill('1');
  await settings.getByRole('spinbutton', { name: 'Seed' }).fill(String(seed));
  await playground.closeRunSettings();
  await playground.sendMessage('show me README.md and list the files');
  await playground.selectNode(/^Assistant message: I'll call/);
}

/** Samples the selected step `count` times and waits until every sample is in. */
async function sample(playground: PlaygroundPage, count: number) {
  await playground.inspector.getByRole('spinbutton', { name: 'Samples' }).fill(String(count));
  await playground.inspector.getByRole('button', { name: 'Sample this step' }).click();
  await expect(
    playground.inspector.getByRole('status').filter({ hasText: `Sampled ${count} of ${count}.` }),
  ).toBeVisible({
    timeout: 60_000,
  });
}

const toolChoice = (page: Page, label = 'As sent') =>
  page.getByRole('region', { name: 'Step samples' }).getByRole('list', { name: `Tool choice: ${label}` });

test('keyless sampling shows a spread that comes back the same for the same seed; a variant beside it; a sample opened as a branch', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await seededRun(playground, 7);
  await sample(playground, 20);
  const spread = (await toolChoice(page).textContent()) ?? '';
  // A spread, not one answer: more than one choice, each with its count and interval.
  expect(spread.match(/\d+\/20 · \d+%/g)?.length).toBeGreaterThan(1);
  await expect(playground.node(/^Assistant message: I'll call/)).toContainText('20 samples');
  // Drawn: a bar per choice with its interval (the numbers above are the list screen readers read).
  const region = page.getByRole('region', { name: 'Step samples' });
  await expect(region.getByRole('img', { name: /^Tool choice: list_files/ })).toBeVisible();
  // At temperature 1 the simulated model has a spread: no note that it would answer the same every time.
  await expect(playground.inspector.getByRole('note').filter({ hasText: 'At temperature 0' })).toHaveCount(0);

  // The same seed again: the same spread.
  await sample(playground, 20);
  await expect(toolChoice(page)).toHaveText(spread);

  // A variant: the same step at temperature 0, beside it, with the difference per choice.
  await playground.inspector.getByRole('button', { name: 'Sample a variant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sample a variant' });
  // A description A/B test is a question the simulated model cannot answer: said where it is asked.
  await expect(dialog.getByRole('note')).toContainText('The simulated model matches words and ignores instructions');
  await dialog.getByRole('combobox', { name: 'Change' }).selectOption('temperature');
  await expect(dialog.getByRole('note')).toHaveCount(0);
  await dialog.getByRole('spinbutton', { name: 'Temperature' }).fill('0');
  await dialog.getByRole('button', { name: 'Sample the variant' }).click();
  await expect(playground.inspector.getByRole('status').filter({ hasText: 'Sampled 20 of 20.' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(toolChoice(page, 'Variant: temperature 0')).toContainText('20/20 · 100%');
  // The variant beside the step as sent, on the same axis; the node counts the step's own samples.
  await expect(region.getByRole('img', { name: /^Tool choice: / })).toHaveAccessibleName(
    /list_files: As sent \d+\/20, Variant: temperature 0 20\/20/,
  );
  await expect(playground.node(/^Assistant message: I'll call/)).toContainText('20 samples · 1 variant');
  // Wide: the chart and the comparison in a dialog, readable on a laptop.
  await region.getByRole('button', { name: 'Open wide' }).click();
  const wide = page.getByRole('dialog', { name: 'Step samples, wide' });
  await expect(wide.getByRole('img', { name: /^Tool choice: / })).toBeVisible();
  await expect(wide.getByRole('table', { name: 'Variant: temperature 0 against As sent' })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'e2e/artifacts/screens/1366x768-step-samples-wide.png' });
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.keyboard.press('Escape');
  await expect(wide).toHaveCount(0);
  await region.getByRole('img', { name: /^Tool choice: / }).scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'e2e/artifacts/screens/1366x768-step-samples.png' });
  await page.setViewportSize({ width: 1600, height: 900 });
  const comparison = page.getByRole('table', { name: 'Variant: temperature 0 against As sent' });
  await expect(comparison).toContainText(/list_files \d+\/20 → 20\/20, [+±]\d+ pp \[/);

  // What is right for the step: the first sample; pass@k and pass^k follow.
  const own = page.getByRole('article', { name: 'As sent' });
  await own.getByText('Samples (20)').click();
  await own.getByRole('button', { name: 'Expect this (sample 1)' }).click();
  await expect(page.getByRole('table', { name: 'pass@k and pass^k: As sent' })).toContainText(
    /of 20 samples do what is expected/,
  );
  expect(await seriousViolations(page, 'step samples')).toEqual([]);

  // A sample as a branch: its calls run, the run goes on; the first branch is kept.
  await own.getByRole('button', { name: 'Open sample 2 as a branch' }).click();
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 30_000 });
  await expect(playground.conversation.getByRole('article').last()).not.toBeEmpty();
});

test('a step whose tool changed since it was sent says which and sends nothing', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  await playground.tools.getByRole('checkbox', { name: 'Use read_file in runs' }).uncheck();
  await playground.selectNode(/^Assistant message: I'll call/);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat')) requests.push(request.url());
  });
  await playground.inspector.getByRole('button', { name: 'Sample this step' }).click();
  await expect(playground.inspector.getByRole('alert')).toContainText(
    "This step's request can no longer be made again: since it was sent, the tool `read_file` is no longer offered (removed or turned off).",
  );
  expect(requests).toEqual([]);
  await expect(page.getByRole('region', { name: 'Step samples' })).toHaveCount(0);
});

test('samples travel in a short link and show in a fresh browser, on a phone too', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await seededRun(playground, 3);
  await sample(playground, 12);
  const spread = (await toolChoice(page).textContent()) ?? '';
  // A variant beside it, so the phone shows both on one axis.
  await playground.inspector.getByRole('button', { name: 'Sample a variant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sample a variant' });
  await dialog.getByRole('combobox', { name: 'Change' }).selectOption('temperature');
  await dialog.getByRole('spinbutton', { name: 'Temperature' }).fill('0');
  await dialog.getByRole('button', { name: 'Sample the variant' }).click();
  await expect(toolChoice(page, 'Variant: temperature 0')).toContainText('12/12 · 100%');
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create short link' }).click();
  const link = await page.getByRole('textbox', { name: 'Short link' }).inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}#k=/);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const viewer = new PlaygroundPage(await phone.newPage());
    await viewer.page.goto(link);
    await expect(viewer.page.getByRole('button', { name: 'Fork to edit' })).toBeVisible();
    await expect(viewer.node(/^Assistant message: I'll call/)).toContainText('12 samples · 1 variant');
    await viewer.selectNode(/^Assistant message: I'll call/);
    await viewer.page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Inspector' }).click();
    await expect(toolChoice(viewer.page)).toHaveText(spread);
    const chart = viewer.page
      .getByRole('region', { name: 'Step samples' })
      .getByRole('img', { name: /^Tool choice: / });
    await chart.scrollIntoViewIfNeeded();
    await viewer.page.screenshot({ path: 'e2e/artifacts/screens/390x844-step-samples.png' });
    // Read-only: nothing to sample until it is forked.
    await expect(viewer.page.getByRole('button', { name: 'Sample this step' })).toHaveCount(0);
    expect(
      await viewer.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(viewer.page, 'step samples on a phone')).toEqual([]);
  } finally {
    await phone.close();
  }
});

test('the eval grid gains a pass^k column for cases run with repeats', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'Add test case' }).click();
  await evals.getByRole('spinbutton', { name: 'Eval repeats' }).fill('3');
  await expect(evals).toContainText('1 case × 1 column × 3 = 3 runs');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^3 \/ 3/ })).toHaveText('3 / 3 — done: 3 passed');
  const table = evals.getByRole('table', { name: 'Eval results' });
  await expect(table.getByRole('columnheader', { name: /pass\^k$/ })).toHaveCount(1);
  await expect(table.getByRole('row', { name: /^case-1/ })).toContainText('1: 1.000 · 2: 1.000 · 3: 1.000');
});

test('a case that passes some repeats and fails others is flaky; each cell says pass^k for k = its repeats', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  // Above temperature 0 the simulated model draws repeat n from seed + n: its repeats spread.
  const settings = await playground.openRunSettings();
  await settings.getByText('More settings').click();
  await settings.getByRole('spinbutton', { name: 'Temperature' }).fill('1');
  await settings.getByRole('spinbutton', { name: 'Seed' }).fill('1');
  await playground.closeRunSettings();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'Add test case' }).click();
  await evals.getByRole('spinbutton', { name: 'Eval repeats' }).fill('5');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^5 \/ 5/ })).toHaveText('5 / 5 — done: 4 passed, 1 failed');
  const row = evals.getByRole('table', { name: 'Eval results' }).getByRole('row', { name: /^case-1/ });
  await expect(row.getByRole('button', { name: /^case-1, / })).toHaveText('4/5');
  await expect(row.getByRole('button', { name: /^case-1, / })).toHaveAccessibleName(
    /4\/5 passed, pass\^5 0\.00, flaky/,
  );
  await expect(row).toContainText('pass^5 0.00');
  await expect(row).toContainText('flaky');
});
