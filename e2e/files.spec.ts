import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('the sandbox starts with the first tool call: Auto tries WebContainer, falls back to offline here and says why', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await expect(page.getByRole('combobox', { name: 'Sandbox' })).toHaveValue('auto');
  const status = page.getByRole('status').filter({ hasText: /^Sandbox:/ });
  await expect(status).toHaveText('Sandbox: not started yet (it starts with the first tool call)');
  await playground.sendMessage('list the files');
  await expect(status).toHaveText(
    /^Sandbox: offline \(bash emulation, in-memory files\) — WebContainer could not start: .+/,
  );
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  await page.getByRole('combobox', { name: 'Sandbox' }).selectOption('offline');
  await expect(status).toHaveText('Sandbox: offline (bash emulation, in-memory files)');
});

test('one duration per call, the same on the graph, in the Event log and in Tool stats; an offline first run leaves no console error', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  const status = page.getByRole('status').filter({ hasText: /^Sandbox:/ });
  await expect(status).toHaveText(/WebContainer could not start: stackblitz\.com cannot be reached \(offline\?\)$/);
  // The graph's badge on the result.
  const result = playground.node('Tool result list_files');
  await expect(result).toContainText(/\d+ ms/);
  const onGraph = Number(/(\d+) ms/.exec((await result.textContent()) ?? '')?.[1]);
  // The Event log: the same figure, and the wait for the sandbox said apart.
  const log = page.getByRole('region', { name: 'Event log' });
  await expect(log).toContainText(`list_files: ok in ${onGraph} ms`);
  await expect(log).toContainText(/ms waiting for the sandbox to start\)/);
  // Tool stats: one call, so its median is that figure.
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tool stats' }).click();
  const row = page.getByRole('region', { name: 'Tool stats' }).getByRole('row', { name: /^list_files / });
  await expect(row).toBeVisible();
  const cells = await row.locator('th, td').evaluateAll((each) => each.map((cell) => cell.textContent?.trim()));
  expect(cells[9]).toBe(`${onGraph} ms`);
  expect(consoleErrors).toEqual([]);
});

test('a file written by write_file appears in the Files pane, marked; edits there reach the tools', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('button', { name: 'README.md', exact: true })).toBeVisible();

  await playground.sendMessage('write "hello" to notes/hello.txt');
  const written = files.getByRole('button', { name: /^notes\/hello\.txt \(created by write_file \(call_/ });
  await expect(written).toBeVisible();
  await expect(playground.node('Tool result write_file')).toContainText('+notes/hello.txt');

  await written.click();
  const content = files.getByRole('textbox', { name: 'Content of notes/hello.txt' });
  await expect(content).toHaveValue('hello');
  await content.fill('hello from the Files pane');
  await files.getByRole('button', { name: 'Save' }).click();
  await expect(files.getByRole('button', { name: 'Save' })).toBeDisabled();

  await playground.sendMessage('show me notes/hello.txt');
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'hello from the Files pane',
  );
});

test('new file, upload, download, delete and reset with undo', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const files = page.getByRole('region', { name: 'Files' });

  await files.getByRole('button', { name: 'New file' }).click();
  await files.getByRole('textbox', { name: 'New file path' }).fill('../outside.txt');
  await files.getByRole('button', { name: 'Create' }).click();
  await expect(files.getByRole('status')).toContainText('outside the workspace');
  await files.getByRole('textbox', { name: 'New file path' }).fill('docs/plan.md');
  await files.getByRole('button', { name: 'Create' }).click();
  await expect(files.getByRole('textbox', { name: 'Content of docs/plan.md' })).toHaveValue('');

  await files
    .getByLabel('Files to upload')
    .setInputFiles({ name: 'data.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
  await expect(files.getByRole('status')).toHaveText('Uploaded data.csv.');
  await files.getByRole('button', { name: 'data.csv', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('data.csv');

  await files.getByRole('button', { name: 'Delete file' }).click();
  await expect(files.getByRole('button', { name: 'data.csv', exact: true })).toHaveCount(0);
  await files.getByRole('button', { name: 'Undo' }).click();
  await expect(files.getByRole('button', { name: 'data.csv', exact: true })).toBeVisible();

  await files.getByRole('button', { name: 'Reset files' }).click();
  await expect(files.getByRole('button', { name: 'data.csv', exact: true })).toHaveCount(0);
  await expect(files.getByRole('button', { name: 'docs/plan.md', exact: true })).toHaveCount(0);
  await expect(files.getByText('6 files')).toBeVisible();
  await files.getByRole('button', { name: 'Undo' }).click();
  await expect(files.getByRole('button', { name: 'docs/plan.md', exact: true })).toBeVisible();
});
