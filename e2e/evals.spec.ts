import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseCsv } from '../testing/parse-csv';
import { PlaygroundPage } from './pages/playground-page';

/** Three cases; the scripted model's step follows the earlier assistant messages, so each case gets its own call. */
const CASES = {
  kind: 'tool-playground-eval-cases',
  version: 1,
  cases: [
    {
      id: 'read',
      prompt: 'Show me README.md',
      expect: { calls: [{ tool: 'read_file', args: { path: 'README.md' } }] },
    },
    {
      id: 'list',
      prompt: 'Now list the files',
      messages: [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'Hello.' },
      ],
      expect: { calls: [{ tool: 'list_files', args: {} }] },
    },
    {
      id: 'write',
      prompt: 'Save a note',
      messages: [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'Hello.' },
        { role: 'user', text: 'and?' },
        { role: 'assistant', text: 'Ready.' },
      ],
      expect: { calls: [{ tool: 'write_file', args: { path: { regex: '^notes/' }, content: { any: true } } }] },
    },
  ],
};
const SCRIPT = [
  { toolCalls: [{ toolName: 'read_file', input: { path: 'README.md' } }] },
  { toolCalls: [{ toolName: 'list_files', input: {} }] },
  { toolCalls: [{ toolName: 'write_file', input: { path: 'notes/todo.txt', content: 'hi' } }] },
];

test('evals: import cases, run 3 cases × 2 tool-list variants with the scripted model, read the table, open a failing run, export CSV', async ({
  page,
}, testInfo) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.useScript(SCRIPT);

  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const file = testInfo.outputPath('cases.json');
  await import('node:fs/promises').then((fs) => fs.writeFile(file, JSON.stringify(CASES)));
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText('3 cases saved.');
  // The editor shows the case file (its first lines are on screen).
  const casesEditor = evals.getByTestId('eval-cases-editor');
  await expect(casesEditor.locator('.view-lines')).toContainText('"id": "read"');

  // Variant 1: the tools as they are; variant 2: without write_file.
  await evals.getByRole('textbox', { name: 'Variant name' }).fill('all tools');
  await evals.getByRole('button', { name: 'Save tool list as variant' }).click();
  await playground.tools.getByRole('checkbox', { name: 'Use write_file in runs' }).uncheck();
  await evals.getByRole('textbox', { name: 'Variant name' }).fill('no write_file');
  await evals.getByRole('button', { name: 'Save tool list as variant' }).click();
  await evals.getByRole('textbox', { name: 'Configuration name' }).fill('scripted');
  await evals.getByRole('button', { name: 'Save run settings as configuration' }).click();
  await evals.getByRole('combobox', { name: 'Eval run mode' }).selectOption('first-step');

  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^6 \/ 6/ })).toHaveText('6 / 6 — done: 5 passed, 1 failed');
  const table = evals.getByRole('table', { name: 'Eval results' });
  const cell = (caseId: string, column: string) =>
    table.getByRole('button', { name: new RegExp(`^${caseId}, ${column}: `) });
  await expect(cell('read', 'all tools')).toHaveText('1/1');
  await expect(cell('list', 'all tools')).toHaveText('1/1');
  await expect(cell('write', 'all tools')).toHaveText('1/1');
  await expect(cell('read', 'no write_file')).toHaveText('1/1');
  await expect(cell('write', 'no write_file')).toHaveText('0/1');
  await expect(cell('write', 'no write_file')).toHaveAccessibleName(
    /Called write_file, which this tool list does not offer\./,
  );
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('3/3 passed');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('2/3 passed');
  // The README's picture of Evals, at a laptop's size.
  await page.setViewportSize({ width: 1366, height: 768 });
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/screens/1366x768-evals.png' });
  await page.setViewportSize({ width: 1600, height: 900 });

  // The failing cell's run, on the timeline.
  await cell('write', 'no write_file').click();
  await evals.getByRole('button', { name: 'Open run 1 on the timeline' }).click();
  await expect(page.getByRole('region', { name: 'Evals' })).toHaveCount(0);
  await expect.poll(() => playground.nodeNames()).toContain('Tool call write_file');
  await expect.poll(() => playground.nodeNames()).toContain('User message: Save a note');

  // CSV out, read back: one row per case and column.
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const download = page.waitForEvent('download');
  await evals.getByRole('button', { name: 'Export results CSV' }).click();
  const rows = parseCsv(await readFile(await (await download).path(), 'utf8'));
  expect(rows[0]).toEqual([
    'case',
    'variant',
    'configuration',
    'passed',
    'failed',
    'errors',
    'not_checked',
    'runs',
    'pass_hat_k',
    'flaky',
    'avg_ms',
    'input_tokens',
    'output_tokens',
    'failures',
  ]);
  expect(rows.slice(1).map((row) => [row[0], row[1], row[3], row[7]])).toEqual([
    ['read', 'all tools', '1', '1'],
    ['read', 'no write_file', '1', '1'],
    ['list', 'all tools', '1', '1'],
    ['list', 'no write_file', '1', '1'],
    ['write', 'all tools', '1', '1'],
    ['write', 'no write_file', '0', '1'],
  ]);
  expect(rows[6][13]).toBe('Called write_file, which this tool list does not offer.');
});

test('the starter test case passes as it comes on the default tools with the simulated model', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'Add test case' }).click();
  await expect(evals).toContainText('1 case × 1 column × 1 = 1 run');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^1 \/ 1/ })).toHaveText('1 / 1 — done: 1 passed');
  const table = evals.getByRole('table', { name: 'Eval results' });
  await expect(table.getByRole('button', { name: /^case-1, / })).toHaveText('1/1');
});

test('a model that could not be asked is an error, not a failure: the cell says so with the provider’s sentence', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  // The test server has no Anthropic key, and none is typed.
  await playground.chooseProvider({
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    baseURL: 'https://api.anthropic.com/v1',
  });
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'Add test case' }).click();
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^1 \/ 1/ })).toHaveText(
    '1 / 1 — done: 1 error (the model could not be asked)',
  );
  const table = evals.getByRole('table', { name: 'Eval results' });
  const cell = table.getByRole('button', { name: /^case-1, / });
  await expect(cell).toHaveText('error');
  await expect(cell).toHaveAccessibleName(/^case-1, Current tools: error — Error: No API key for Anthropic/);
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('0/0 passed · 1 error');
  await cell.click();
  await expect(evals.getByRole('region', { name: /^Runs of case-1/ })).toContainText(
    'Run 1: error (the model could not be asked)',
  );
  await expect(evals.getByRole('region', { name: /^Runs of case-1/ })).not.toContainText('failed');
});

test('the case editor is Monaco with the case schema: completions, problems by line, and Save refuses what it marks', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const editor = evals.getByTestId('eval-cases-editor');
  await expect(editor.locator('.view-lines')).toContainText('"kind": "tool-playground-eval-cases"');

  // A case whose argument matcher is of no known kind, on line 9.
  const broken = JSON.stringify(
    {
      kind: 'tool-playground-eval-cases',
      version: 1,
      cases: [
        {
          id: 'weather',
          prompt: 'Weather in Paris?',
          expect: { calls: [{ tool: 'get_weather', args: { city: { like: 'Paris' } } }] },
        },
      ],
    },
    null,
    2,
  );
  await playground.pasteInto(editor, broken);
  const problems = evals.getByRole('list', { name: 'Problems in the cases' });
  await expect(problems).toContainText(/Line \d+:/);
  await evals.getByRole('button', { name: 'Save cases' }).click();
  await expect(evals.getByRole('alert')).toContainText('Case 1 (weather)');

  // Completions come from the schema: inside a case, the keys a case may have.
  await playground.pasteInto(editor, '{ "kind": "tool-playground-eval-cases", "version": 1, "cases": [ {  } ] }');
  await page.keyboard.press('End');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget')).toContainText('prompt');
});

test('Compare sends one message to two configurations: each run is a lane of its own; a step saves as a test case', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const configure = async (name: string, answer: string) => {
    await page.getByRole('combobox', { name: 'Model' }).fill('simulated-scripted');
    const settings = await playground.openRunSettings();
    await settings
      .getByRole('textbox', { name: 'Script' })
      .fill(JSON.stringify([{ toolCalls: [{ toolName: 'list_files', input: {} }] }, { text: answer }]));
    await playground.closeRunSettings();
    await page.getByRole('region', { name: 'Evals' }).getByRole('textbox', { name: 'Configuration name' }).fill(name);
    await page.getByRole('button', { name: 'Save run settings as configuration' }).click();
  };
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  await configure('model A', 'Answer from A.');
  await configure('model B', 'Answer from B.');

  await playground.message.fill('what is in the workspace?');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare configurations' });
  await dialog.getByRole('checkbox', { name: 'model A' }).check();
  await dialog.getByRole('checkbox', { name: 'model B' }).check();
  await dialog.getByRole('button', { name: 'Send to 2 configurations' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect
    .poll(() => playground.nodeNames())
    .toEqual(expect.arrayContaining(['Assistant message: Answer from A.', 'Assistant message: Answer from B.']));
  // Nothing had been sent: model A's run is the active branch, model B's beside it.
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveText([
    'Compare: model A (active)',
    'Compare: model B',
  ]);
  // The message went to the two configurations only, not to the chat as well.
  await expect(playground.conversation.getByRole('article', { name: 'User' })).toHaveCount(1);
  await expect(playground.conversation).toContainText('Answer from A.');

  // What model A did at its last step (it answered), as a case in Evals.
  await playground.selectNode('Assistant message: Answer from A.');
  await playground.inspector.getByRole('button', { name: 'Save as test case' }).click();
  await expect(playground.inspector.getByRole('status')).toContainText('Saved as saved-1 in Evals');
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  await playground.savedSessionContains('"noTool":true');
  const lines = page.getByTestId('eval-cases-editor').locator('.view-lines');
  await expect(lines).toContainText('"id": "saved-1"');
  await expect(lines).toContainText('"prompt": "what is in the workspace?"');
});

test('a configuration keeps every run setting: two that differ only in parallel calls run differently; Compare names two that are the same and remembers its choice', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const save = async (name: string) => {
    await evals.getByRole('textbox', { name: 'Configuration name' }).fill(name);
    await evals.getByRole('button', { name: 'Save run settings as configuration' }).click();
  };
  const parallel = async (on: boolean) => {
    const settings = await playground.openRunSettings();
    await settings.getByRole('checkbox', { name: 'Parallel tool calls' }).setChecked(on);
    await playground.closeRunSettings();
  };
  await parallel(true);
  await save('together');
  await parallel(false);
  await save('one by one');
  await parallel(true);
  await save('together again');
  await expect(evals).toContainText('parallel calls');
  await expect(evals).toContainText('one call per step');

  await playground.message.fill('list the files and show me README.md');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare configurations' });
  await dialog.getByRole('checkbox', { name: 'together', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'together again' }).check();
  await expect(dialog.getByRole('note')).toHaveText(/^together and together again have the same run settings/);
  await dialog.getByRole('checkbox', { name: 'together again' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'one by one' }).check();
  await expect(dialog.getByRole('note')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send to 2 configurations' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  // Together: one step with both calls, then the answer; one by one: a step per call, then the answer.
  await expect
    .poll(async () => (await playground.nodeNames()).filter((name) => name.startsWith('Assistant message')).length)
    .toBe(5);
  // The boxes start with the configurations compared last.
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'together', exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'one by one' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'together again' })).not.toBeChecked();
});

test('Stop comparing ends every lane: each keeps what it ran, its call recorded as stopped', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const configure = async (name: string) => {
    await page.getByRole('combobox', { name: 'Model' }).fill('simulated-scripted');
    const settings = await playground.openRunSettings();
    await settings
      .getByRole('textbox', { name: 'Script' })
      .fill(
        JSON.stringify([
          { toolCalls: [{ toolName: 'bash', input: { command: 'sleep 250', timeout_seconds: 300 } }] },
          { text: 'never' },
        ]),
      );
    await playground.closeRunSettings();
    await page.getByRole('region', { name: 'Evals' }).getByRole('textbox', { name: 'Configuration name' }).fill(name);
    await page.getByRole('button', { name: 'Save run settings as configuration' }).click();
  };
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  await configure('slow A');
  await configure('slow B');

  await playground.message.fill('wait for it');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare configurations' });
  await dialog.getByRole('checkbox', { name: 'slow A' }).check();
  await dialog.getByRole('checkbox', { name: 'slow B' }).check();
  await dialog.getByRole('button', { name: 'Send to 2 configurations' }).click();
  const lanes = dialog.getByRole('list', { name: 'Compare lanes' }).getByRole('listitem');
  await expect(lanes).toHaveText(['slow A: running bash', 'slow B: running bash']);
  await dialog.getByRole('button', { name: 'Stop comparing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveText([
    'Compare: slow A (active)',
    'Compare: slow B',
  ]);
  await expect
    .poll(async () => (await playground.nodeNames()).filter((name) => name === 'Tool result bash: stopped'))
    .toHaveLength(2);
});
