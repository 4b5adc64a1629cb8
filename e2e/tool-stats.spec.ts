import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('after a run, Tool stats lists each called tool with its counts, and exports CSV', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tool stats' }).click();
  const stats = page.getByRole('region', { name: 'Tool stats' });
  // The simulated model lists the files and reads README.md in one step.
  await expect(stats.getByRole('row', { name: /^list_files 1 1 / })).toBeVisible();
  await expect(stats.getByRole('row', { name: /^read_file 1 1 / })).toBeVisible();
  const rows = stats.getByRole('row');
  const called = await rows
    .filter({ has: page.getByRole('rowheader') })
    .evaluateAll((each) => each.map((row) => [...row.children].map((cell) => cell.textContent?.trim())));
  const withCalls = called.filter((cells) => Number(cells[1]) > 0);
  expect(withCalls.length).toBeGreaterThan(0);
  for (const cells of withCalls) {
    expect(Number(cells[2]) + cells.slice(3, 8).reduce((sum, cell) => sum + Number(cell), 0)).toBe(Number(cells[1]));
    expect(cells[9]).toMatch(/ms$/);
    expect(cells[12]).toMatch(/^\d+% \(\d+\/\d+\)$/);
  }
  const download = page.waitForEvent('download');
  await stats.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  });
  expect(csv.split('\r\n')[0]).toContain('scope,tool,calls,successes');
  expect(csv).toContain(`This session,${withCalls[0][0]},${withCalls[0][1]},`);
});

test('the token X-ray shows what the tool and each property cost, in the editor', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.tools.getByRole('button', { name: 'read_file', exact: true }).click();
  const lines = playground.editor.locator('.view-lines');
  // Beside "name": this tool and all the tools of the next request; beside each property: its share
  // (Monaco draws a hint's spaces as no-break spaces).
  // With the simulated model the counts are an estimate, and each figure says so (≈).
  await expect(lines).toContainText(/"name"\s*≈\d+\stok\s·\sall\s≈\d+/, { timeout: 30_000 });
  await expect(lines).toContainText(/"path"\s*≈\d+\stok/);
  await expect(lines).toContainText(/"description"\s*≈\d+\stok/);
});

test('one counting of the tools for the selected provider: the tool list, its total, the X-ray and Tool stats agree', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const figure = (text: string, pattern: RegExp) => Number((pattern.exec(text)?.[1] ?? 'NaN').replaceAll(',', ''));
  const agree = async (approx: boolean) => {
    const mark = approx ? '≈' : '';
    await playground.tools.getByRole('button', { name: 'bash', exact: true }).click();
    // The X-ray's hint beside "name" (Monaco draws its spaces as no-break spaces).
    const hint = new RegExp(`^${mark}(\\d+)\\stok\\s·\\sall\\s${mark}(\\d+)$`);
    const hintSpan = playground.editor.locator('[class*="dyn-rule-"]').filter({ hasText: hint });
    await expect(hintSpan).toHaveCount(1, { timeout: 30_000 });
    const hintText = ((await hintSpan.textContent()) ?? '').replaceAll('\u00a0', ' ');
    const [, bashInEditor, allInEditor] = (hint.exec(hintText) ?? []).map(Number);
    const item = playground.tools
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'bash', exact: true }) });
    if (approx) await expect(item).toContainText(/≈ [\d,]+ tokens/);
    else await expect(item).not.toContainText('≈');
    expect(figure((await item.textContent()) ?? '', /([\d,]+) tokens/)).toBe(bashInEditor);
    const title = playground.tools.getByRole('heading', { name: /^Tools/ });
    await expect(title).toContainText(/in the next run · /);
    expect(figure((await title.textContent()) ?? '', /([\d,]+) tokens/)).toBe(allInEditor);
    return bashInEditor;
  };
  // The simulated model has no tokenizer: an estimate everywhere, the same estimate.
  await agree(true);
  // OpenAI's own tokenizer: exact everywhere, and "Tools as the model reads them" gives the same total.
  await page.getByRole('combobox', { name: 'Provider' }).selectOption('openai');
  const bash = await agree(false);
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tool stats' }).click();
  const row = page.getByRole('region', { name: 'Tool stats' }).getByRole('row', { name: /^bash / });
  await expect(row).toBeVisible();
  const cells = await row.locator('th, td').evaluateAll((each) => each.map((cell) => cell.textContent?.trim()));
  expect(cells[11]).toBe(bash.toLocaleString('en-US'));
  await page.getByRole('dialog', { name: 'Tool stats' }).getByRole('button', { name: 'Close' }).click();
  const title = playground.tools.getByRole('heading', { name: /^Tools/ });
  const total = figure((await title.textContent()) ?? '', /([\d,]+) tokens/);
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tools as the model reads them' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tools as the model reads them' });
  await expect(dialog.getByRole('status')).toContainText(`Tools: ${total} tokens (o200k_base`);
});

test('Tools as the model reads them: the chat template rendered with the tools, their part marked', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tools as the model reads them' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tools as the model reads them' });
  const prompt = dialog.getByRole('region', { name: 'Prompt text' });
  await dialog.getByRole('combobox', { name: 'Model family' }).selectOption({ label: 'Qwen 2.5' });
  await expect(prompt).toContainText('<tools>');
  await expect(prompt.locator('mark')).toContainText('"name": "read_file"');
  await dialog.getByRole('combobox', { name: 'Model family' }).selectOption({ label: 'gpt-oss (Harmony)' });
  await expect(prompt.locator('mark')).toContainText('type read_file = (_: {');
  await expect(dialog.getByRole('status')).toContainText(/Tools: ≈ \d+ tokens of ≈ \d+ in this prompt \(an estimate/);
});
