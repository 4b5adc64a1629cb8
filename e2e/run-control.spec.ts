import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('approval: approve one call with edited arguments, reject another with a reason', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await (await playground.openRunSettings()).getByRole('combobox', { name: 'Approval' }).selectOption('ask-every-call');
  await playground.closeRunSettings();
  await playground.message.fill('list the files and show me README.md');
  await playground.send.click();

  const listFiles = playground.conversation.getByRole('group', { name: 'Approval for list_files' });
  await expect(listFiles).toBeVisible();
  await expect(playground.node('Tool result list_files')).toHaveAccessibleName(
    'Tool result list_files: waiting for approval',
  );
  await listFiles.getByRole('textbox', { name: 'Arguments for list_files' }).fill('{"path": "src"}');
  await listFiles.getByRole('button', { name: 'Approve' }).click();

  const readFile = playground.conversation.getByRole('group', { name: 'Approval for read_file' });
  await readFile.getByRole('textbox', { name: 'Reason for rejecting' }).fill('not that file');
  await readFile.getByRole('button', { name: 'Reject' }).click();

  await expect(playground.node('Tool result read_file')).toHaveAccessibleName('Tool result read_file: blocked');
  await expect(playground.node('Tool result list_files')).toHaveAccessibleName('Tool result list_files: ok');
  const answer = playground.conversation.getByRole('article', { name: 'Assistant' });
  await expect(answer).toContainText('greet.js');
  await expect(answer).toContainText("The user rejected this call to 'read_file': not that file");
  const log = page.getByRole('region', { name: 'Event log' });
  await expect(log).toContainText('ToolCallBlocked');
  await expect(log).toContainText('list_files (arguments edited by the user)');
});

test('step mode pauses before each model request and tool call; Next step goes on', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const settings = await playground.openRunSettings();
  await settings.getByLabel('Parallel tool calls').uncheck();
  await settings.getByLabel('Step mode').check();
  await playground.closeRunSettings();
  await playground.message.fill('list the files');
  await playground.send.click();
  const paused = playground.conversation.getByRole('status').filter({ hasText: 'Paused' });
  for (const label of ['Before the next model request', 'Before running list_files', 'Before the next model request']) {
    await expect(paused).toContainText(label);
    await playground.conversation.getByRole('button', { name: 'Next step' }).click();
  }
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toContainText('README.md');
  await expect(playground.conversation.getByRole('button', { name: 'Next step' })).toHaveCount(0);
});

test('Stop ends a paused run and keeps the message', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await (await playground.openRunSettings()).getByLabel('Step mode').check();
  await playground.closeRunSettings();
  await playground.message.fill('list the files');
  await playground.send.click();
  await expect(playground.conversation.getByRole('button', { name: 'Next step' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(playground.conversation.getByRole('button', { name: 'Next step' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(playground.conversation.getByRole('article', { name: 'User' })).toContainText('list the files');
  await expect(playground.send).toBeDisabled();
  await playground.message.fill('again');
  await expect(playground.send).toBeEnabled();
});

test('an interceptor from the examples blocks `rm -rf` in the handler sandbox, and the graph says which one', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.moreToolAction(/^Interceptors/);
  const dialog = page.getByRole('dialog', { name: 'Interceptors' });
  await dialog.getByRole('button', { name: 'Add interceptor' }).click();
  await page.getByRole('menuitem', { name: 'block rm -rf (before)' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name of interceptor 1' })).toHaveValue('block rm -rf');
  await expect(dialog.getByRole('code').or(dialog.locator('.monaco-editor')).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Interceptors (1)' })).toBeVisible();
  await page.keyboard.press('Escape');

  await playground.sendMessage('run `rm -rf notes` in bash');
  await expect(playground.node('Tool call bash')).toContainText('block rm -rf: blocked');
  await expect(playground.node('Tool result bash')).toContainText('blocked by the interceptor');
  await expect(page.getByRole('region', { name: 'Files' })).toContainText('todo.txt');
});

test('Stop is offered while a bash call runs, and ends it at once; the call is recorded as stopped', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.message.fill('run `sleep 30` in bash');
  await playground.send.click();
  await expect(playground.node('Tool result bash')).toContainText('Running…');
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  await expect(playground.conversation).not.toContainText('Waiting for you to answer');
  await stop.click();
  // The state, not how soon: how fast Stop ends a command is measured in the benchmarks.
  await expect(playground.node('Tool result bash: stopped')).toBeVisible();
  await expect(stop).toHaveCount(0);
  await expect(playground.conversation).toContainText('Stopped: you stopped the run while `bash` was running.');
});
