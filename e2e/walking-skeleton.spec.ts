import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('a new user runs one tool round trip offline and inspects it in the graph', async ({ page }, testInfo) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();

  // Four panes, the default tools, the simulated model.
  for (const pane of [playground.tools, playground.conversation, playground.timeline, playground.inspector]) {
    await expect(pane).toBeVisible();
  }
  for (const name of ['bash', 'read_file', 'write_file', 'list_files']) {
    await expect(playground.tools.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('simulated');
  await expect(playground.conversation).toContainText(
    'Simulated — no API key; the same answers at temperature 0, and for the same seed above it.',
  );
  await expect(page.getByRole('textbox', { name: 'Tool definition' })).toBeAttached();
  expect(await playground.editorText()).toContain('"name": "bash"');

  await playground.sendMessage('list the files and show me README.md');

  // The run as a graph: user → assistant with calls → one result per call → final answer.
  await expect
    .poll(() => playground.nodeNames())
    .toEqual([
      'User message: list the files and show me README.md',
      "Assistant message: I'll call `list_files` and `read_file` to answer that.",
      'Tool call list_files',
      'Tool result list_files: ok',
      'Tool call read_file',
      'Tool result read_file: ok',
      expect.stringMatching(/^Assistant message: Here is what I found with 2 tool calls\./),
    ]);
  const answer = playground.conversation.getByRole('article', { name: 'Assistant' });
  await expect(answer).toContainText('# Greeter');
  await expect(answer).toContainText('package.json');

  // Clicking a node shows its JSON; the call → result edge carries the short call id.
  await playground.selectNode('Tool result read_file');
  const json = playground.inspector.getByLabel('Node JSON');
  await expect(json).toContainText('"toolName": "read_file"');
  await expect(json).toContainText('# Greeter');
  const callId = /"toolCallId": "([^"]+)"/.exec((await json.textContent()) ?? '')?.[1];
  expect(callId).toBeTruthy();
  await expect(playground.timeline.getByText(`…${callId!.slice(-6)}`, { exact: true })).toBeVisible();
  await playground.selectNode('User message');
  await expect(json).toContainText('"text": "list the files and show me README.md"');

  const shot = testInfo.outputPath('walking-skeleton.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('walking-skeleton', { path: shot, contentType: 'image/png' });
});

test('a broken tool is shown inline, left out of the run, and its text is kept', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();

  // Invalid JSON in read_file.
  await playground.selectTool('read_file');
  const broken = '{ "name": "read_file", "description": "Reads a file", ';
  await playground.replaceToolDefinition(broken);
  await expect(playground.toolProblem()).toContainText('Invalid JSON');
  await expect(playground.editor.locator('.squiggly-error').first()).toBeAttached();
  await expect(playground.conversation.getByRole('note')).toContainText(
    'Left out of the next run: read_file (Invalid JSON',
  );
  await expect(playground.tools).toContainText('7 of 8 in the next run');

  // An invalid schema in bash: the meta-schema finding, inline and in the list.
  await playground.selectTool('bash');
  await playground.replaceToolDefinition(
    JSON.stringify(
      { name: 'bash', description: 'Run', parameters: { type: 'object', properties: { command: { type: 'dict' } } } },
      null,
      2,
    ),
  );
  await expect(playground.toolProblem().filter({ hasText: 'Invalid schema' })).toContainText(
    'Invalid schema: `parameters.properties.command.type` must be one of',
  );
  await expect(playground.editor.locator('.squiggly-error').first()).toBeAttached();

  // Send still works with the remaining tools; nothing crashes.
  await playground.sendMessage('list the files and show me README.md');
  await expect
    .poll(() => playground.nodeNames())
    .toEqual([
      'User message: list the files and show me README.md',
      "Assistant message: I'll call `list_files` to answer that.",
      'Tool call list_files',
      'Tool result list_files: ok',
      expect.stringMatching(/^Assistant message: Here is what I found with one tool call\./),
    ]);

  // No edit is lost: the broken text is still there when the tool is opened again.
  await playground.selectTool('read_file');
  expect(await playground.editorText()).toContain('"description": "Reads a file",');
});
