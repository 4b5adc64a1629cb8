import { expect, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';

/** What a case checks after its run (the workspace, the trajectory), and two runs of the evals compared (docs/evals.md). */

test('a case checks the file write_file wrote (the end state) and the trajectory, and says why when one does not hold', async ({
  page,
}, testInfo) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.useScript([
    { toolCalls: [{ toolName: 'write_file', input: { path: 'notes/todo.txt', content: 'buy milk' } }] },
    { text: 'Saved.' },
  ]);
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  const wrote = { calls: [{ tool: 'write_file', args: {} }] };
  const cases = [
    {
      id: 'saved',
      prompt: 'Note that I need milk',
      expect: {
        ...wrote,
        files: [
          { file: 'notes/todo.txt', contains: 'milk' },
          { file: 'README.md', exists: true },
        ],
        trajectory: [{ tool: 'write_file', atMost: 1 }],
      },
    },
    {
      id: 'bread',
      prompt: 'Note that I need bread',
      expect: { ...wrote, files: [{ file: 'notes/todo.txt', equals: 'buy bread' }] },
    },
  ];
  const file = testInfo.outputPath('end-state.json');
  await import('node:fs/promises').then((fs) => fs.writeFile(file, JSON.stringify(cases)));
  await evals.getByLabel('Eval cases file').setInputFiles(file);
  await expect(evals.getByRole('status').first()).toHaveText('2 cases saved.');
  await evals.getByRole('combobox', { name: 'Eval run mode' }).selectOption('full-loop');
  await evals.getByRole('button', { name: 'Run evals' }).click();
  await expect(evals.getByRole('status').filter({ hasText: /^2 \/ 2/ })).toHaveText(/^2 \/ 2 — done/, {
    timeout: 30_000,
  });
  const table = evals.getByRole('table', { name: 'Eval results' });
  await expect(table.getByRole('button', { name: /^saved, / })).toHaveText('1/1');
  const bread = table.getByRole('button', { name: /^bread, / });
  await expect(bread).toHaveText('0/1');
  await expect(bread).toHaveAccessibleName(/notes\/todo\.txt holds "buy milk", not "buy bread"\./);
});

test('Compare runs: two runs of the evals cell by cell — the case that broke, and its runs opened on the timeline', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('button', { name: 'Evals', exact: true }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'Add test case' }).click();
  await expect(evals.getByRole('button', { name: 'Compare runs' })).toBeDisabled();
  const runEvals = async (count: number) => {
    await evals.getByRole('button', { name: 'Run evals' }).click();
    await expect(evals.getByRole('status').filter({ hasText: /^1 \/ 1/ })).toHaveText(/^1 \/ 1 — done/);
    await expect(
      evals.getByRole('table', { name: 'Eval results' }).getByRole('button', { name: /^case-1, / }),
    ).toHaveText(`${count}/1`);
  };
  await runEvals(1);
  // The tool the case expects is turned off: the same case fails.
  await playground.tools.getByRole('checkbox', { name: 'Use list_files in runs' }).uncheck();
  await runEvals(0);

  await evals.getByRole('button', { name: 'Compare runs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare runs' });
  await expect(dialog.getByRole('combobox', { name: 'Before' }).locator('option:checked')).toHaveText(/^Run 1 · /);
  await expect(dialog.getByRole('combobox', { name: 'After' }).locator('option:checked')).toHaveText(/^Run 2 · /);
  const row = dialog.getByRole('table', { name: 'Compared runs' }).getByRole('row', { name: /^case-1/ });
  await expect(row).toContainText('1/1');
  await expect(row).toContainText('0/1');
  await expect(row).toContainText('broke');
  expect(await seriousViolations(page, 'compare runs')).toEqual([]);
  // Swapped, the same cell was fixed.
  await dialog.getByRole('combobox', { name: 'Before' }).selectOption({
    label: await dialog.getByRole('combobox', { name: 'After' }).locator('option:checked').innerText(),
  });
  await dialog.getByRole('combobox', { name: 'After' }).selectOption({ index: 0 });
  await expect(row).toContainText('fixed');
  await row.getByRole('button', { name: 'Open the runs of case-1 on the timeline' }).click();
  await expect(page.getByRole('region', { name: 'Evals' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveCount(2);
  await expect(
    page.getByRole('combobox', { name: 'Branch' }).getByRole('option', { name: /^Run 2: case-1/ }),
  ).toHaveCount(1);
});
