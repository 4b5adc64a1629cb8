import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('export the session as a file and open it again; a broken file is refused with a reason', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('write "exported" to notes/out.txt');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export session' }).click();
  const file = await readFile(await (await downloading).path());
  expect(file.toString()).not.toMatch(/sk-|apiKey|x-provider-key/);

  await page.reload();
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toHaveCount(0);
  await page.getByLabel('Session file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"kind":"tool-playground-session","version":1,"session":{"tools":5}}') });
  await expect(page.getByRole('alert').filter({ hasText: 'Could not open broken.json' })).toContainText('Could not open broken.json: Not a valid session:');

  await page.getByLabel('Session file').setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: file });
  await expect(page.getByRole('status').filter({ hasText: 'Opened session.json' })).toBeVisible();
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toContainText('notes/out.txt');
  await expect(playground.node('Tool result write_file')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Files' }).getByRole('button', { name: /^notes\/out\.txt/ })).toBeVisible();
});
