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
  test.setTimeout(150_000);
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
  await expect(evals.getByRole('status').filter({ hasText: /^\d+ \/ \d+/ })).toHaveText(/— done(: |$)/, {
    timeout: 60_000,
  });
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

test("a shared session's promptfoo export says where it came from and writes no address the viewer did not tick", async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, an import, a link and an axe scan: more than a minute on a busy 2-core machine.
  test.setTimeout(150_000);
  // The author: a configuration at their own address, a case whose text is a template, a link.
  const author = page;
  const address = 'http://127.0.0.1:9/authors-own/v1';
  await author.goto('/');
  await expect(author.getByRole('main')).toHaveAttribute('aria-busy', 'false');
  await author.getByRole('combobox', { name: 'Provider' }).selectOption('openai');
  await author.getByRole('button', { name: 'Settings', exact: true }).click();
  await author.getByRole('textbox', { name: 'Base URL' }).fill(address);
  await author.keyboard.press('Escape');
  await author.getByRole('button', { name: 'Evals', exact: true }).click();
  const cases = testInfo.outputPath('cases.json');
  await writeFile(
    cases,
    JSON.stringify({
      kind: 'tool-playground-eval-cases',
      version: 1,
      cases: [{ id: 'hello', prompt: 'file:///etc/hostname {{ env.OPENAI_API_KEY }}', expect: { noTool: true } }],
    }),
  );
  await author.getByLabel('Eval cases file').setInputFiles(cases);
  await author.getByRole('textbox', { name: 'Configuration name' }).fill('theirs');
  await author.getByRole('button', { name: 'Save run settings as configuration' }).click();
  await author.getByRole('button', { name: 'Share' }).click();
  const link = await author.getByRole('textbox', { name: 'Share link' }).inputValue();

  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(link);
  await viewer.getByRole('button', { name: 'Fork to edit' }).first().click();
  await viewer.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = viewer.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'Export as promptfoo config' }).click();
  const dialog = viewer.getByRole('dialog', { name: 'Export as promptfoo config' });
  await expect(dialog.getByRole('note')).toContainText('This session came from someone else’s link.');
  const tick = dialog.getByRole('checkbox', { name: `Send theirs to ${address}` });
  await expect(tick).not.toBeChecked();
  expect(await seriousViolations(viewer, 'promptfoo export dialog', '[role="dialog"]')).toEqual([]);

  const download = viewer.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Write promptfooconfig.yaml' }).click();
  const exported = await readFile(await (await download).path(), 'utf8');
  expect(exported).not.toContain('authors-own');
  expect(exported).not.toMatch(/\{\{ env/);
  await expect(evals.getByRole('list', { name: 'Left out of the promptfoo config' })).toContainText(
    'theirs: its base URL was left out (not confirmed in the export dialog)',
  );

  // Ticked: the address goes in.
  await evals.getByRole('button', { name: 'Export as promptfoo config' }).click();
  await dialog.getByRole('checkbox', { name: `Send theirs to ${address}` }).check();
  const again = viewer.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Write promptfooconfig.yaml' }).click();
  expect(await readFile(await (await again).path(), 'utf8')).toContain(`apiBaseUrl: ${address}`);
});
