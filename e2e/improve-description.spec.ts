import { writeFile } from 'node:fs/promises';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { tinyGgufPath } from '../testing/tiny-gguf-path';
import { PlaygroundPage } from './pages/playground-page';
import { FAKE_PROVIDER_PORT } from './playwright.config';

const CITIES = ['Lyon', 'Oslo', 'Lima', 'Kyoto', 'Cairo', 'Quito', 'Perth', 'Dakar', 'Hanoi', 'Turin'];
/** Twenty cases that each expect weather_lookup; the loopback fake's `fake-follows` calls it more often when its description names their words. */
const CASES = {
  kind: 'tool-playground-eval-cases',
  version: 1,
  cases: CITIES.flatMap((city, index) => [
    {
      id: `rain-${index}`,
      prompt: `Is there rain forecast in ${city}? (weather_lookup)`,
      expect: { calls: [{ tool: 'weather_lookup' }] },
    },
    {
      id: `wind-${index}`,
      prompt: `What is the weather like in ${city}, is it windy? (weather_lookup)`,
      expect: { calls: [{ tool: 'weather_lookup' }] },
    },
  ]),
};
const VAGUE = JSON.stringify(
  { name: 'weather_lookup', description: 'Looks things up.', parameters: { type: 'object', properties: {} } },
  null,
  2,
);

/** The vague weather_lookup tool, the fake that follows descriptions, and the twenty cases saved. */
async function weatherToolWithCases(page: Page, testInfo: TestInfo) {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await playground.replaceToolDefinition(VAGUE);
  await expect(playground.tools.getByRole('button', { name: 'weather_lookup', exact: true })).toBeVisible();
  await playground.chooseProvider({
    provider: 'openai-compatible',
    model: 'fake-follows',
    baseURL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/openai/v1`,
  });
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const file = testInfo.outputPath('cases.json');
  await writeFile(file, JSON.stringify(CASES));
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText('20 cases saved.');
  return { playground, evals };
}

test('Improve description: the fake proposes rewrites, each is measured on held-out cases, the one that helps is applied, the evidence opens from a link, and Undo restores the description', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { playground } = await weatherToolWithCases(page, testInfo);

  await playground.selectTool('weather_lookup');
  await playground.moreToolAction('Improve description');
  const dialog = page.getByRole('dialog', { name: 'Improve the description of weather_lookup' });
  await expect(dialog).toContainText('Up to ');
  await dialog.getByRole('button', { name: 'Propose and measure' }).click();
  const table = dialog.getByRole('table', { name: 'Rewrites measured' });
  await expect(table).toBeVisible({ timeout: 180_000 });
  const rows = table.getByRole('row');
  // The header, the current description, then each rewrite.
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(2)).toContainText('better');
  await expect(rows.nth(3)).toContainText('not shown to help');
  await expect(dialog.getByRole('img', { name: /^Rewrite 1: \+\d+ pp, 95 % interval \+\d+ pp to/ })).toBeVisible();
  // Apply is offered only on a rewrite the rule calls better.
  await expect(rows.nth(3).getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await rows.nth(2).getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Applied.');
  await expect(rows.nth(2)).toContainText('applied');
  await page.keyboard.press('Escape');
  await expect.poll(() => playground.editorText()).toContain('Use this whenever the user asks about');

  // The evidence goes with the session: a link opened in a fresh context shows it, read-only.
  await page.getByRole('button', { name: 'Share' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  await page.keyboard.press('Escape');
  const context = await browser.newContext();
  const viewer = new PlaygroundPage(await context.newPage());
  await viewer.page.goto(url);
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Shared session, read-only' })).toBeVisible();
  await viewer.tools.getByRole('button', { name: 'weather_lookup', exact: true }).click();
  await viewer.moreToolAction('Improve description');
  const shared = viewer.page.getByRole('dialog', { name: 'Improve the description of weather_lookup' });
  const sharedRows = shared.getByRole('table', { name: 'Rewrites measured' }).getByRole('row');
  await expect(sharedRows.nth(1)).toContainText('Looks things up. (now)');
  await expect(sharedRows.nth(2)).toContainText('better');
  await expect(sharedRows.nth(2)).toContainText('applied');
  await expect(shared).toContainText('split seed 1');
  await expect(shared.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expect(shared.getByRole('button', { name: 'Propose and measure' })).toBeDisabled();
  await expect(shared.getByRole('alert')).toHaveText(
    'A shared session is read-only: Fork to edit to improve its tools.',
  );
  await context.close();

  // Undo puts the description back (one edit).
  await playground.moreToolAction('Improve description');
  await page
    .getByRole('dialog', { name: 'Improve the description of weather_lookup' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await page.keyboard.press('Escape');
  await expect.poll(() => playground.editorText()).toContain('Looks things up.');
});

test('Improve description from a failing eval cell: the dialog opens on the tool the case expects', async ({
  page,
}, testInfo) => {
  const { evals } = await weatherToolWithCases(page, testInfo);
  await evals.getByRole('combobox', { name: 'Eval run mode' }).selectOption('first-step');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^20 \/ 20/ })).toContainText('done', { timeout: 60_000 });
  // A cell where the model did not call the tool (the fake calls it 4 times in 10 with this description).
  const failing = evals
    .getByRole('table', { name: 'Eval results' })
    .getByRole('button', { name: /: 0 of 1 passed|0\/1/ });
  await failing.first().click();
  await evals.getByRole('button', { name: 'Improve description', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Improve the description of weather_lookup' })).toBeVisible();
});

test('Improve description from a sampled step: the step someone expects something of is one more case, proposed from or measured on', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const { playground } = await weatherToolWithCases(page, testInfo);
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  await playground.sendMessage('Is there rain forecast in Lyon? (weather_lookup)');
  await playground.selectNode(/^Assistant message/);
  await playground.inspector.getByRole('spinbutton', { name: 'Samples' }).fill('10');
  await playground.inspector.getByRole('button', { name: 'Sample this step' }).click();
  await expect(playground.inspector.getByRole('status').filter({ hasText: 'Sampled 10 of 10.' })).toBeVisible({
    timeout: 60_000,
  });
  // What is right here: a sample that called the tool (the fake calls it 4 times in 10 with this description).
  const samples = page.getByRole('region', { name: 'Step samples' });
  await samples.getByText('Samples (10)').click();
  const calling = samples.getByRole('listitem').filter({ hasText: 'weather_lookup({})' }).first();
  await calling.getByRole('button', { name: /^Expect this/ }).click();
  await expect(samples.getByText(/^of weather_lookup: \d+ of 10 samples did not do what is expected$/)).toBeVisible();
  await samples.getByRole('button', { name: 'Improve description', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Improve the description of weather_lookup' });
  await expect(dialog).toContainText('21 cases (20 eval cases, 1 step you expect something of)');
  await dialog.getByRole('spinbutton', { name: 'Repeats' }).fill('2');
  await dialog.getByRole('button', { name: 'Propose and measure' }).click();
  const rows = dialog.getByRole('table', { name: 'Rewrites measured' }).getByRole('row');
  await expect(rows).toHaveCount(4, { timeout: 120_000 });
  // The step is on one side of the split: its key is among the held-out cases or the proposal's.
  await expect(dialog.getByText(/^Measured .* held out /)).toBeVisible();
});

test('Improve description keyless, with the model in the browser as proposer and model: its grammar holds the proposal to the proposer tool, each rewrite is measured', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await playground.replaceToolDefinition(VAGUE);
  await playground.loadModelFile(tinyGgufPath());
  await playground.closeRunSettings();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const file = testInfo.outputPath('cases.json');
  await writeFile(file, JSON.stringify({ ...CASES, cases: CASES.cases.slice(0, 6) }));
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText('6 cases saved.');

  await playground.selectTool('weather_lookup');
  await playground.moreToolAction('Improve description');
  const dialog = page.getByRole('dialog', { name: 'Improve the description of weather_lookup' });
  // The model in the browser is not refused (the simulated model is).
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('spinbutton', { name: 'Rewrites' }).fill('2');
  await dialog.getByRole('spinbutton', { name: 'Repeats' }).fill('2');
  await dialog.getByRole('button', { name: 'Propose and measure' }).click();
  // A tiny model with random weights proposes nonsense — but in the proposer tool's shape, so it is measured.
  const rows = dialog.getByRole('table', { name: 'Rewrites measured' }).getByRole('row');
  await expect(rows.nth(2)).toContainText(/better|not shown to help/, { timeout: 240_000 });
  // The header, the current description, then one or two rewrites (the schema allows 1 to 2).
  expect([3, 4]).toContain(await rows.count());
  await expect(dialog.getByText(/^Measured .* with browser · /)).toBeVisible();
});
