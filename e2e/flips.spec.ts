import { writeFile } from 'node:fs/promises';
import { expect, type Locator, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';
import { FAKE_PROVIDER_PORT } from './playwright.config';

const CITIES = ['Lyon', 'Oslo', 'Lima', 'Kyoto', 'Cairo', 'Quito'];
const CASES = {
  kind: 'tool-playground-eval-cases',
  version: 1,
  cases: CITIES.map((city, index) => ({
    id: `weather-${index}`,
    prompt: `Weather in ${city}?`,
    expect: { calls: [{ tool: 'weather_lookup' }] },
  })),
};
const definition = (description: string) =>
  JSON.stringify(
    {
      name: 'weather_lookup',
      description,
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
    null,
    2,
  );

/** The edit: weather_lookup's description; then the dialog opened again and the live requests counted. */
async function editThenCount(playground: PlaygroundPage, evals: Locator, dialog: Locator) {
  await playground.selectTool('weather_lookup');
  await playground.replaceToolDefinition(definition('Current weather and the forecast for a city.'));
  await evals.getByRole('button', { name: 'Which runs does this change flip?' }).click();
  await dialog.getByRole('button', { name: 'Count the requests' }).click();
}

test('Which runs does this change flip?: unchanged, nothing is sent; after an edit, the requests counted first are the ones sent, a row per run, and a pair opens on the graph', async ({
  page,
}, testInfo) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await playground.replaceToolDefinition(definition('Current weather.'));
  await expect(playground.tools.getByRole('button', { name: 'weather_lookup', exact: true })).toBeVisible();
  await playground.chooseProvider({
    provider: 'openai-compatible',
    model: 'fake-script',
    baseURL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/openai/v1`,
  });
  const providerRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat')) providerRequests.push(request.url());
  });
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const file = testInfo.outputPath('cases.json');
  await writeFile(file, JSON.stringify(CASES));
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText('6 cases saved.');
  await evals.getByRole('combobox', { name: 'Eval run mode' }).selectOption('first-step');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^6 \/ 6/ })).toContainText('done', { timeout: 60_000 });
  const sentByGrid = providerRequests.length;
  expect(sentByGrid).toBe(6);

  // Nothing changed: every run is answered from its recording.
  await evals.getByRole('button', { name: 'Which runs does this change flip?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Which runs does this change flip?' });
  await dialog.getByRole('button', { name: 'Count the requests' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'No run changes: all 6 are answered from their recordings, and nothing is sent.',
  );
  await dialog.getByRole('button', { name: 'Replay with the change' }).click();
  const flips = dialog.getByRole('table', { name: 'Flips' });
  await expect(flips.getByRole('row')).toHaveCount(7);
  await expect(flips).not.toContainText('diverged');
  await expect(dialog).toContainText('6 same');
  await page.keyboard.press('Escape');

  // An edit: every request now differs (the tools are part of it); the count comes first, then exactly that many go.
  await editThenCount(playground, evals, dialog);
  await expect(dialog.getByRole('status')).toHaveText(
    '6 of 6 runs go live: 6 model requests; cost unknown for 6 (no list price for their model).',
  );
  const before = providerRequests.length;
  await dialog.getByRole('button', { name: 'Replay with the change' }).click();
  await expect(flips.getByRole('row')).toHaveCount(7);
  await expect(dialog).toContainText(/\d+ (diverged, same verdict|fixed|broke)/);
  expect(providerRequests.length - before).toBe(6);
  // Rows come in the order the grid's runs finished (two at once): Lyon's is found by its case.
  const lyon = flips.getByRole('row').filter({ has: page.getByRole('cell', { name: 'weather-0', exact: true }) });
  await expect(lyon).toContainText('request 1: the tool `weather_lookup` was changed');
  // Where inside the tool: the JSON path in the request sent.
  await expect(lyon).toContainText(/at tools\[\d+\]\.description/);

  // The pair opens on the graph: the recorded run and the run with the change, each a branch.
  await lyon.getByRole('button', { name: 'Open the pair' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Evals' })).toBeHidden();
  await expect(playground.conversation).toContainText('Weather in Lyon?');
});

test("Which runs does this change flip? over the session's branches: unchanged, nothing is sent; after an edit, each conversation goes live where it first differs and says where", async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await playground.replaceToolDefinition(definition('Current weather.'));
  // Keyless: the simulated model, two turns (its tool calls run in the offline sandbox).
  await playground.sendMessage('show me README.md and list the files');
  await playground.sendMessage('now search for TODO');
  const routeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat')) routeRequests.push(request.url());
  });
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'Which runs does this change flip?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Which runs does this change flip?' });
  // No grid has run: the session's branches are the runs.
  await expect(dialog.getByRole('combobox', { name: 'Runs to replay' })).toHaveValue('branches');
  await dialog.getByRole('button', { name: 'Count the requests' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'No run changes: it is answered from its recording, and nothing is sent.',
  );
  await dialog.getByRole('button', { name: 'Replay with the change' }).click();
  const flips = dialog.getByRole('table', { name: 'Flips' });
  await expect(flips.getByRole('row').nth(1)).toContainText('same');
  await expect(flips.getByRole('row').nth(1)).toContainText('never (all served)');
  expect(routeRequests).toEqual([]);
  await page.keyboard.press('Escape');

  await editThenCount(playground, evals, dialog);
  await expect(dialog.getByRole('status')).toHaveText(
    "1 of 1 run goes live: at least 1 model request (each goes on live to its end); $0 at list prices (the recorded runs' tokens).",
  );
  expect(routeRequests).toEqual([]);
  await dialog.getByRole('button', { name: 'Replay with the change' }).click();
  const row = flips.getByRole('row').nth(1);
  await expect(row).toContainText(/diverged, same calls|other calls/);
  await expect(row).toContainText('request 1: the tool `weather_lookup` was changed');
  await expect(row).toContainText(/at tools\[\d+\]\.description/);
  expect(routeRequests.length).toBeGreaterThanOrEqual(1);
  // The replay joins the recorded conversation as a branch beside it.
  await row.getByRole('button', { name: 'Open the pair' }).click();
  await expect(dialog).toBeHidden();
  await expect(playground.conversation).toContainText('now search for TODO');
});
