import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('export the session as a file and open it again; a broken file is refused with a reason', async ({
  page,
  browser,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('write "exported" to notes/out.txt');
  const downloading = page.waitForEvent('download');
  await playground.sessionAction('Export session');
  const file = await readFile(await (await downloading).path());
  expect(file.toString()).not.toMatch(/sk-|apiKey|x-provider-key/);

  // Somewhere else: a fresh browser with nothing saved.
  const elsewhere = new PlaygroundPage(await (await browser.newContext()).newPage());
  await elsewhere.goto();
  await expect(elsewhere.conversation.getByRole('article', { name: 'Assistant' })).toHaveCount(0);
  await elsewhere.page.getByLabel('Session file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"kind":"tool-playground-session","version":1,"session":{"tools":5}}'),
  });
  await expect(elsewhere.page.getByRole('alert').filter({ hasText: 'Could not open broken.json' })).toContainText(
    'Could not open broken.json: Not a valid session:',
  );

  await elsewhere.page
    .getByLabel('Session file')
    .setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: file });
  await expect(elsewhere.page.getByRole('status').filter({ hasText: 'Opened session.json' })).toBeVisible();
  await expect(elsewhere.conversation.getByRole('article', { name: 'Assistant' })).toContainText('notes/out.txt');
  await expect(elsewhere.node('Tool result write_file')).toBeVisible();
  await expect(
    elsewhere.page.getByRole('region', { name: 'Files' }).getByRole('button', { name: /^notes\/out\.txt/ }),
  ).toBeVisible();
});

test('a reload mid-run restores the session and shows the run as interrupted', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await (await playground.openRunSettings()).getByRole('combobox', { name: 'Approval' }).selectOption('ask-every-call');
  await playground.closeRunSettings();
  await playground.message.fill('list the files');
  await playground.send.click();
  await expect(playground.conversation.getByRole('group', { name: 'Approval for list_files' })).toBeVisible();
  await playground.message.fill('a draft I was typing');
  await playground.savedSessionContains('a draft I was typing');

  await page.reload();
  await playground.ready();
  await expect(playground.conversation).toContainText('list the files');
  await expect(playground.node('Tool result list_files')).toHaveAccessibleName('Tool result list_files: error');
  await expect(playground.node('Error')).toContainText('interrupted');
  await expect(playground.message).toHaveValue('a draft I was typing');
  await expect((await playground.openRunSettings()).getByRole('combobox', { name: 'Approval' })).toHaveValue(
    'ask-every-call',
  );
});

test('a share link opens read-only in a fresh browser, replays to the same graph with no key, and can be forked', async ({
  page,
  browser,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  const original = await playground.nodeNames();
  await page.getByRole('button', { name: 'Share' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(url).toMatch(/#share=1\./);
  await expect(page.getByRole('dialog', { name: 'Share link' })).toContainText('never API keys');

  const context = await browser.newContext();
  const viewer = new PlaygroundPage(await context.newPage());
  await viewer.page.goto(url);
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Shared session, read-only' })).toBeVisible();
  await expect.poll(() => viewer.nodeNames()).toEqual(original);
  // Nothing can be typed into a shared session's message box, nor sent, until it is forked.
  await expect(viewer.message).not.toBeEditable();
  await expect(viewer.send).toBeDisabled();

  // Whatever frame the replay shows, the conversation never asks the viewer to type a result.
  await viewer.page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { notesSeen: string[] }).notesSeen = seen;
    new MutationObserver(() => {
      for (const note of document.querySelectorAll('[role="note"]')) seen.push(note.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await viewer.timeline.getByRole('button', { name: 'Replay' }).click();
  await expect(viewer.timeline.getByRole('status')).toContainText('Replaying 1 /');
  expect(await viewer.nodeNames()).toEqual([original[0]]);
  await expect(viewer.timeline.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => viewer.nodeNames()).toEqual(original);
  const notes = await viewer.page.evaluate(() => (window as unknown as { notesSeen: string[] }).notesSeen);
  expect(notes.filter((note) => note.includes('Waiting for you'))).toEqual([]);

  await viewer.page.getByRole('button', { name: 'Fork to edit' }).click();
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Shared session' })).toHaveCount(0);
  await viewer.message.fill('now it can run');
  await expect(viewer.send).toBeEnabled();

  const tampered = url.replace(/#share=1\.(.{20})/, '#share=1.$1@@!!');
  const other = await (await browser.newContext()).newPage();
  await other.goto(tampered);
  await expect(other.getByRole('alert').filter({ hasText: 'This share link cannot be opened' })).toBeVisible();
  await expect(other.getByRole('status').filter({ hasText: /^Sandbox:/ })).toBeVisible();
  await context.close();
});

test('Get code shows the next request in TypeScript, Python and curl; OpenInference export imports back to the same graph', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  const original = await playground.nodeNames();

  await page.getByRole('button', { name: 'Get code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get code' });
  await expect(dialog.getByLabel('Code')).toContainText("import { jsonSchema, streamText, tool } from 'ai';");
  await dialog.getByRole('tab', { name: 'Python' }).click();
  await expect(dialog.getByLabel('Code')).toContainText('client.chat.completions.create(**{');
  await dialog.getByRole('tab', { name: 'curl' }).click();
  await expect(dialog.getByLabel('Code')).toContainText('authorization: Bearer $OPENAI_API_KEY');
  await expect(dialog.getByLabel('Code')).toContainText('"tool_call_id"');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const downloading = page.waitForEvent('download');
  await playground.sessionAction('Export OpenInference');
  const trace = await readFile(await (await downloading).path());
  expect(trace.toString()).toContain('"llm.tools.0.tool.json_schema"');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page
    .getByLabel('OpenInference file')
    .setInputFiles({ name: 'run.otlp.json', mimeType: 'application/json', buffer: trace });
  await expect.poll(() => playground.nodeNames()).toEqual(original);
});

test('sessions: start from an example, switch back, rename, duplicate, delete and undo', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  const session = page.getByRole('combobox', { name: 'Session', exact: true });
  await expect(session.locator('option')).toHaveText(['Session']);

  await playground.sessionAction('Example: Weather and a sum: parallel calls');
  await expect(session.locator('option:checked')).toHaveText('Weather and a sum: parallel calls');
  await expect(playground.message).toHaveValue('What is the weather in Paris? And calculate "18 * 9 / 5 + 32".');
  await playground.send.click();
  await expect(playground.node('Tool result calculator')).toHaveAccessibleName('Tool result calculator: ok');
  await expect(playground.node('Tool result get_weather')).toHaveAccessibleName('Tool result get_weather: ok');

  await session.selectOption({ label: 'Session' });
  await expect(playground.node('Tool result list_files')).toBeVisible();
  await page.reload();
  await expect(playground.node('Tool result list_files')).toBeVisible();

  await playground.sessionAction('Rename session');
  await page
    .getByRole('dialog', { name: 'Rename session' })
    .getByRole('textbox', { name: 'Session name' })
    .fill('Listing');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('dialog', { name: 'Rename session' })).toHaveCount(0);
  await playground.sessionAction('Duplicate session');
  await expect(session.locator('option')).toHaveText(['Listing', 'Weather and a sum: parallel calls', 'Listing copy']);

  await playground.sessionAction('Delete session');
  await expect(session.locator('option')).toHaveText(['Weather and a sum: parallel calls', 'Listing copy']);
  await expect(playground.node('Tool result get_weather')).toBeVisible();
  await page.getByRole('button', { name: 'Undo delete' }).click();
  await session.selectOption({ label: 'Listing' });
  await expect(playground.node('Tool result list_files')).toBeVisible();
});
