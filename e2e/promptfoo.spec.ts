import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';

/** A promptfoo config in through `Import cases…`, run in the grid against the (fake) provider it names, and out again (docs/evals.md, "promptfoo"). */

const CONFIG = `description: weather
prompts:
  - 'What is the weather in {{city}}?'
providers:
  - id: openai:chat:fake-script
    label: fake
    config:
      temperature: 0
      tools:
        - type: function
          function:
            name: get_weather
            description: The current weather in a city.
            parameters:
              type: object
              properties:
                city: { type: string }
              required: [city]
defaultTest:
  assert:
    - type: is-json
tests:
  - description: paris
    vars: { city: Paris }
    assert:
      - type: tool-call-f1
        value: [get_weather]
      - type: llm-rubric
        value: answers politely
  - description: oslo
    vars: { city: Oslo }
    assert:
      - type: not-contains
        value: get_weather
`;

test('a promptfoo config comes in as cases, its tools and provider; what cannot run is listed; it goes out as a promptfoo config that reads back', async ({
  page,
}, testInfo) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const file = testInfo.outputPath('promptfooconfig.yaml');
  await writeFile(file, CONFIG);
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText(
    'Imported 2 cases from the promptfoo config, its tools as a variant, 1 configuration; Run evals runs the first step, as promptfoo does. 1 assertion not run (listed).',
  );
  await expect(evals.getByRole('list', { name: 'Left out of the promptfoo config' })).toContainText(
    'Not run: llm-rubric in case "paris" (the playground does not run it).',
  );
  await expect(evals.getByRole('combobox', { name: 'Eval run mode' })).toHaveValue('first-step');
  expect(await seriousViolations(page, 'promptfoo import')).toEqual([]);

  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^\d+ \/ \d+/ })).toHaveText(/— done$/, { timeout: 60_000 });
  const table = evals.getByRole('table', { name: 'Eval results' });
  // The fake answers each prompt its own way: both cells ran against it, through the route.
  await expect(table.getByRole('button', { name: /^paris, / })).toHaveText(/^[01]\/1$/);
  await expect(table.getByRole('button', { name: /^oslo, / })).toHaveText(/^[01]\/1$/);

  const download = page.waitForEvent('download');
  await evals.getByRole('button', { name: 'Export as promptfoo config' }).click();
  const saved = await (await download).path();
  const exported = await readFile(saved, 'utf8');
  expect(exported).toContain('id: openai:chat:fake-script');
  expect(exported).toContain('type: tool-call-f1');
  expect(exported).toContain('name: get_weather');
  await expect(evals.getByRole('status').first()).toHaveText(/^Exported 2 cases as promptfooconfig\.yaml/);

  // The export reads back as the same cases.
  await evals.getByLabel('Eval cases file').setInputFiles(saved);
  await expect(evals.getByRole('status').first()).toHaveText(/^Imported 2 cases from the promptfoo config/);
  await expect(evals.getByRole('heading', { name: 'Test cases (2)' })).toBeVisible();
});
