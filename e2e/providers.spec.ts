import { expect, test } from '@playwright/test';
import { FAKE_PROVIDER_PORT } from './playwright.config';
import { PlaygroundPage } from './pages/playground-page';

const fake = `http://127.0.0.1:${FAKE_PROVIDER_PORT}`;

/** Each provider through the real UI, route and AI SDK package, against the loopback fake. */
const PROVIDERS = [
  { name: 'OpenAI Responses', provider: 'openai', baseURL: `${fake}/openai/v1` },
  { name: 'OpenAI Chat Completions', provider: 'openai', openaiApi: 'chat', baseURL: `${fake}/openai/v1` },
  {
    name: 'Anthropic (typed key)',
    provider: 'anthropic',
    baseURL: `${fake}/anthropic/v1`,
    key: 'sk-ant-typed-in-the-browser-0123',
  },
  { name: 'Gemini', provider: 'google', baseURL: `${fake}/google/v1beta` },
  { name: 'OpenAI-compatible', provider: 'openai-compatible', baseURL: `${fake}/compat/v1` },
];

for (const entry of PROVIDERS) {
  test(`${entry.name}: a tool round trip through the UI`, async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.goto();
    await playground.chooseProvider({ ...entry, model: 'fake-tools' });
    await playground.sendMessage('list the files and show me README.md');
    await expect
      .poll(() => playground.nodeNames())
      .toEqual([
        'User message: list the files and show me README.md',
        'Assistant message: Let me look.',
        'Tool call list_files',
        'Tool result list_files: ok',
        'Tool call read_file',
        'Tool result read_file: ok',
        expect.stringMatching(/^Assistant message: Done\. I got 2 results:/),
      ]);
    await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toContainText('# Greeter');
  });
}

test('the Wire view shows the request as sent (captured, keys removed) and the raw stream', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.chooseProvider({
    provider: 'openai',
    openaiApi: 'chat',
    baseURL: `${fake}/openai/v1`,
    model: 'fake-tools',
  });
  await playground.sendMessage('list the files and show me README.md');
  await playground.selectNode('Tool call read_file');
  await playground.inspector.getByRole('tab', { name: 'Wire' }).click();
  await expect(playground.inspector.getByRole('tab', { name: 'OpenAI Chat Completions' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(playground.inspector).toContainText('Request — as sent (captured on this run)');
  await expect(playground.inspector).toContainText('POST /openai/v1/chat/completions');
  const headers = playground.inspector.getByRole('group', { name: 'OpenAI Chat Completions request headers' });
  await expect(headers).toContainText('"authorization": "[redacted]"');
  await expect(headers).not.toContainText('sk-e2e');
  await playground.inspector.getByRole('button', { name: 'Raw stream' }).click();
  await expect(playground.inspector.getByRole('region', { name: 'Raw stream' })).toContainText('data: {');
  // Another provider's view is rendered by its own package, and says it was not sent.
  await playground.inspector.getByRole('tab', { name: 'Anthropic Messages' }).click();
  await expect(playground.inspector).toContainText('Request — as @ai-sdk/anthropic would send it (not sent)');
  await expect(playground.inspector.getByRole('group', { name: 'Anthropic Messages request' })).toContainText(
    '"input_schema"',
  );
});

test('a rejected key is explained in the chat and the timeline, and the message is kept', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.chooseProvider({
    provider: 'anthropic',
    model: 'fake-401',
    baseURL: `${fake}/anthropic/v1`,
    key: 'sk-ant-wrong-key-0123456789',
  });
  await playground.message.fill('hello');
  await playground.send.click();
  const alert = playground.conversation.getByRole('alert');
  await expect(alert).toContainText('Anthropic rejected the API key (HTTP 401). Check the key and send again.');
  await expect(alert).not.toContainText('sk-ant-wrong-key');
  await expect(playground.node('Error')).toBeVisible();
  await expect(playground.conversation.getByRole('article', { name: 'User' })).toContainText('hello');
});

test('a provider without a key says how to give one', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('combobox', { name: 'Provider' }).selectOption('anthropic');
  await expect(playground.conversation).toContainText(
    'No key on the server: type one, or set ANTHROPIC_API_KEY in .env.local.',
  );
  await (await playground.openRunSettings()).getByRole('textbox', { name: 'Base URL' }).fill(`${fake}/anthropic/v1`);
  await playground.closeRunSettings();
  await playground.message.fill('hello');
  await playground.send.click();
  await expect(playground.conversation.getByRole('alert')).toContainText('No API key for Anthropic');
});

test('the scripted simulated model replays a script: an invalid call, then the corrected one', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('combobox', { name: 'Model' }).fill('simulated-scripted');
  const script = [
    { text: 'Saving.', toolCalls: [{ toolName: 'write_file', input: { path: 'note.txt' } }] },
    {
      text: 'Again, with content.',
      toolCalls: [{ toolName: 'write_file', input: { path: 'note.txt', content: 'hi' } }],
    },
    { text: 'Saved note.txt.' },
  ];
  const settings = await playground.openRunSettings();
  await settings.getByRole('textbox', { name: 'Script' }).fill('[ not json');
  await expect(settings.getByRole('alert')).toContainText('Not valid JSON');
  await settings.getByRole('textbox', { name: 'Script' }).fill(JSON.stringify(script));
  await expect(settings).toContainText('3 steps.');
  await playground.closeRunSettings();
  await playground.sendMessage('save a note');
  await expect
    .poll(() => playground.nodeNames())
    .toEqual([
      'User message: save a note',
      'Assistant message: Saving.',
      'Tool call write_file (invalid arguments)',
      'Tool result write_file: error',
      'Assistant message: Again, with content.',
      'Tool call write_file',
      'Tool result write_file: ok',
      'Assistant message: Saved note.txt.',
    ]);
});

test('Validated (ReAct) mode: the model answers in JSON and the run looks the same as native tool calling', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.chooseProvider({
    provider: 'openai',
    openaiApi: 'chat',
    model: 'fake-json-bad',
    baseURL: `${fake}/openai/v1`,
    mode: 'auto',
  });
  await expect(playground.conversation).toContainText('→ validated');
  await playground.sendMessage('what files are there?');
  await expect
    .poll(() => playground.nodeNames())
    .toEqual([
      'User message: what files are there?',
      'Assistant message: Calls list_files',
      'Tool call list_files',
      'Tool result list_files: ok',
      expect.stringMatching(/^Assistant message: The workspace holds: README\.md/),
    ]);
  await expect(playground.conversation).toContainText(
    'Reply 1 could not be used (The reply contains no JSON object.); asked again.',
  );
});

test('the settings grey out what the selected model cannot do, and say why', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('combobox', { name: 'Provider' }).selectOption('google');
  let settings = await playground.openRunSettings();
  await expect(settings.getByRole('checkbox', { name: /Parallel tool calls/ })).toBeDisabled();
  await expect(settings).toContainText('Gemini has no setting for parallel calls');
  await settings.getByText(/^What .* can do/).click();
  await expect(settings.getByRole('list', { name: 'Model capabilities' })).toContainText(
    'Streamed tool arguments — Gemini sends each function call whole',
  );
  await playground.closeRunSettings();

  await page.getByRole('combobox', { name: 'Provider' }).selectOption('openai-compatible');
  settings = await playground.openRunSettings();
  await settings.getByRole('textbox', { name: 'Base URL' }).fill('http://localhost:11434/v1');
  await expect(settings.getByRole('combobox', { name: 'Tool choice' })).toBeDisabled();
  await expect(settings).toContainText('Ollama ignores tool_choice');
  await settings.getByRole('textbox', { name: 'Base URL' }).fill('http://localhost:8000/v1');
  await expect(settings.getByRole('combobox', { name: 'Tool choice' })).toBeEnabled();
  await expect(settings.getByRole('checkbox', { name: /Parallel tool calls/ })).toBeEnabled();
});
