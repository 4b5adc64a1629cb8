import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('add a tool from a template, rename, duplicate, delete and undo', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await expect(playground.tools.getByRole('combobox', { name: 'Runs as' })).toHaveValue('mock');
  await expect(playground.tools).toContainText('9 of 9 in the next run');

  await playground.tools.getByRole('button', { name: 'Rename get_weather' }).click();
  const field = playground.tools.getByRole('textbox', { name: 'New name for get_weather' });
  await field.fill('bad name');
  await expect(playground.tools).toContainText('Use 1–64 letters, digits, "_" or "-".');
  await field.fill('weather_now');
  await field.press('Enter');
  expect(await playground.editorText()).toContain('"name": "weather_now"');

  await playground.tools.getByRole('button', { name: 'Duplicate weather_now' }).click();
  await expect(playground.tools.getByRole('button', { name: 'weather_now_copy', exact: true })).toBeVisible();
  await playground.tools.getByRole('button', { name: 'Delete weather_now_copy' }).click();
  await expect(playground.tools.getByRole('button', { name: 'weather_now_copy', exact: true })).toHaveCount(0);
  await playground.tools.getByRole('button', { name: 'Undo' }).click();
  await expect(playground.tools.getByRole('button', { name: 'weather_now_copy', exact: true })).toBeVisible();
});

test('paste an Anthropic tool list; unreadable input is explained and kept', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.tools.getByRole('button', { name: 'Import tools' }).click();
  const box = playground.tools.getByRole('textbox', { name: 'Tools to import' });

  await box.fill('{"tools": "nope"}');
  await playground.tools.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(playground.tools.getByRole('alert')).toContainText('Expected a JSON tool list');
  await expect(box).toHaveValue('{"tools": "nope"}');

  const anthropic = [
    {
      name: 'get_stock_price',
      description: 'Get the current stock price for a ticker symbol.',
      input_schema: { type: 'object', properties: { ticker: { type: 'string' } }, required: ['ticker'] },
    },
    {
      name: 'convert_currency',
      description: 'Convert an amount between currencies.',
      input_schema: {
        type: 'object',
        properties: { amount: { type: 'number' }, from: { type: 'string' }, to: { type: 'string' } },
        required: ['amount', 'from', 'to'],
      },
    },
  ];
  await box.fill(JSON.stringify(anthropic));
  await playground.tools.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(playground.tools.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    'Imported 2 tools (Anthropic (input_schema))',
  );
  for (const name of ['get_stock_price', 'convert_currency']) {
    await expect(playground.tools.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(playground.tools).toContainText('10 of 10 in the next run');

  await playground.moreToolAction('Export tools');
  await playground.tools.getByRole('combobox', { name: 'Format' }).selectOption('gemini');
  await expect(playground.tools.getByRole('textbox', { name: 'Exported tools' })).toHaveValue(
    /"functionDeclarations"[\s\S]*"name": "convert_currency"/,
  );
});

test('a Gemini lint warning appears inline and its fix removes it', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await playground.tools.getByRole('combobox', { name: 'Check against' }).selectOption('google');

  const findings = playground.tools.getByRole('list', { name: 'Provider findings' });
  await expect(findings).toContainText('Gemini does not support "additionalProperties"');
  // The finding is near the end of the definition: bring that line into view.
  await playground.focusEditor(playground.editor);
  await page.keyboard.press('ControlOrMeta+End');
  await expect(playground.editor.locator('.squiggly-warning').first()).toBeAttached();
  await expect(playground.tools.getByRole('listitem').filter({ hasText: 'get_weather' })).toContainText(
    'Gemini: 1 issue',
  );

  await findings.getByRole('button', { name: 'Fix: Remove "additionalProperties"' }).click();
  await expect(findings).toHaveCount(0);
  expect(await playground.editorText()).not.toContain('additionalProperties');
  await expect(playground.editor.locator('.squiggly-warning')).toHaveCount(0);
});

test('a manual tool pauses the run until you type its result', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await playground.tools.getByRole('combobox', { name: 'Runs as' }).selectOption('manual');

  await playground.message.fill("what's the weather in Paris?");
  await playground.send.click();
  const result = playground.conversation.getByRole('textbox', { name: 'Result for get_weather' });
  await expect(result).toBeVisible();
  await expect(playground.conversation).toContainText('Waiting for you to answer get_weather');
  await expect(playground.send).toBeDisabled();
  await expect(playground.node('Tool result get_weather')).toHaveAccessibleName('Tool result get_weather: running');

  await result.fill('{"temperature": 21, "conditions": "sunny"}');
  await playground.conversation.getByRole('button', { name: 'Send result' }).click();
  await expect(playground.node('Tool result get_weather')).toHaveAccessibleName('Tool result get_weather: ok');
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toContainText(
    '"conditions": "sunny"',
  );
});

test('a JavaScript handler runs in a worker; a throwing handler becomes a tool error', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.addToolFromTemplate('get_weather');
  await playground.tools.getByRole('combobox', { name: 'Runs as' }).selectOption('javascript');
  const code = playground.tools.getByRole('group', { name: 'Handler code' });
  await expect(code.locator('.view-lines')).toContainText('return');
  await playground.pasteInto(
    code,
    'return { city: args.city, temperature: args.city.length * 3, page: typeof document };',
  );

  await playground.sendMessage("what's the weather in Paris?");
  await expect(playground.node('Tool result get_weather')).toHaveAccessibleName('Tool result get_weather: ok');
  const answer = playground.conversation.getByRole('article', { name: 'Assistant' }).last();
  await expect(answer).toContainText('"temperature": 15');
  await expect(answer).toContainText('"page": "undefined"');

  await playground.pasteInto(code, "throw new Error('no weather today');");
  await playground.sendMessage("what's the weather in Oslo?");
  await expect(playground.node('Tool result get_weather').last()).toHaveAccessibleName(
    'Tool result get_weather: error',
  );
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    "The handler of 'get_weather' threw: no weather today",
  );
});

test('the editor explains JSON Schema keywords on hover', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.selectTool('read_file');
  const keyword = playground.editor.locator('.view-line span', { hasText: /^"minimum"$/ }).first();
  // Scrolled into view by the wheel, as a person would (the editor shows a dozen lines or so).
  await playground.editor.locator('.view-lines').hover();
  await expect
    .poll(async () => {
      if (await keyword.isVisible()) return true;
      await page.mouse.wheel(0, 60);
      return false;
    })
    .toBe(true);
  // A hover the editor dropped (it relaid itself out under the pointer on a busy machine) is
  // asked for again, as a person would move the mouse off and back.
  const explanation = page.locator('.monaco-hover').filter({ hasText: 'The smallest number allowed' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await keyword.hover();
    await expect(explanation).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
});

test('a new session has the eight core tools; the coverage badge lists the §11 categories and fills a gap', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await expect(playground.tools).toContainText('8 of 8 in the next run');
  await playground.moreToolAction(/^Coverage \d+\/10$/);
  const coverage = page.getByRole('dialog', { name: 'Toolset coverage' });
  await expect(coverage).toContainText('covers 6 of 10 (60%)');
  const categories = coverage.getByRole('list', { name: 'Categories' });
  await expect(categories).toContainText('Shell execution: covered');
  await expect(categories).toContainText('Process control: missing');
  await coverage.getByRole('button', { name: 'Add spawn_process' }).click();
  await expect(coverage).toContainText('covers 7 of 10 (70%)');
  await page.keyboard.press('Escape');
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Coverage 7/10' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(playground.tools.getByRole('button', { name: 'spawn_process', exact: true })).toBeVisible();
});

test('Try this tool: a form from the schema, checked as a model call is, run in the sandbox with no model, drawn as a manual step', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.tools.getByRole('button', { name: 'read_file', exact: true }).click();
  await playground.tools.getByRole('button', { name: 'Try this tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try this tool: read_file' });
  // The form is the schema's: a text box for path, number boxes for the lines, a choice of encodings.
  await expect(dialog.getByRole('spinbutton', { name: 'start_line' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'encoding' })).toContainText('latin-1');
  // Without the required path, the call is refused as a model's would be.
  await expect(dialog.getByRole('list', { name: 'Problems with the arguments' })).toContainText('path');
  await dialog.getByRole('textbox', { name: 'path' }).fill('README.md');
  await expect(dialog.getByRole('textbox', { name: 'Arguments JSON' })).toHaveValue(/"path": "README.md"/);
  await expect(dialog.getByRole('list', { name: 'Problems with the arguments' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Run tool' }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('# Greeter', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  // On the graph: the person's step, its call and its result — and the model was never asked.
  await expect(playground.node('Manual step')).toBeVisible();
  await expect(playground.node('Tool result read_file')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Event log' })).not.toContainText('InferenceRequestStarted');
  // JSON typed by hand goes through the same check: a wrong type is named.
  await playground.tools.getByRole('button', { name: 'Try this tool' }).click();
  await dialog.getByRole('textbox', { name: 'Arguments JSON' }).fill('{ "path": "README.md", "start_line": "one" }');
  await expect(dialog.getByRole('list', { name: 'Problems with the arguments' })).toContainText('start_line');
  await dialog.getByRole('button', { name: 'Run tool' }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('start_line');
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('The call failed');
});
