import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('parallel calls fan out from their step and fan back in to the next; steps are banded with time and tokens', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');

  const edgeIds = await playground.timeline
    .locator('[data-testid^="rf__edge-"]')
    .evaluateAll((edges) => edges.map((edge) => edge.getAttribute('data-testid')!.slice('rf__edge-'.length)));
  const step = (n: number) => edgeIds.find((id) => id.endsWith(`:step-${n}`))!.split('->')[1];
  const fanOut = edgeIds.filter((id) => id.startsWith(`${step(1)}->`) && id.endsWith(':call'));
  const fanIn = edgeIds.filter((id) => id.endsWith(`->${step(2)}`));
  expect(fanOut).toHaveLength(2);
  expect(fanIn).toHaveLength(2);
  expect(fanIn.every((id) => id.split('->')[0].endsWith(':result'))).toBe(true);

  await expect(playground.timeline.getByText(/^Step 1 · \d+ (ms|s) · \d+ → \d+ tokens$/)).toBeVisible();
  await expect(playground.timeline.getByText(/^Step 2 · /)).toBeVisible();
  await expect(playground.node('Tool call read_file')).toContainText('valid');
  await expect(playground.node('Assistant message: Here is what I found')).toContainText('Final answer');
});

test('the inspector shows a step in the four wire formats and as OpenInference attributes', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await playground.selectNode('Tool call read_file');
  await playground.inspector.getByRole('tab', { name: 'Wire' }).click();

  const formats = [
    ['OpenAI Chat Completions', '"tool_calls"', '"role": "user"'],
    ['OpenAI Responses', '"type": "function_call"', '"input"'],
    ['Anthropic Messages', '"type": "tool_use"', '"input_schema"'],
    ['Gemini', '"functionCall"', '"functionDeclarations"'],
  ] as const;
  for (const [format, inResponse, inRequest] of formats) {
    await playground.inspector.getByRole('tab', { name: format }).click();
    await expect(playground.inspector.getByRole('group', { name: `${format} response` })).toContainText(inResponse);
    await expect(playground.inspector.getByRole('group', { name: `${format} request` })).toContainText(inRequest);
  }
  // Step 2's request carries the results back, each in its provider's shape.
  await playground.selectNode('Assistant message: Here is what I found');
  await playground.inspector.getByRole('tab', { name: 'Anthropic Messages' }).click();
  await expect(playground.inspector.getByRole('group', { name: 'Anthropic Messages request' })).toContainText(
    '"type": "tool_result"',
  );

  await playground.selectNode('Tool call read_file');
  await playground.inspector.getByRole('tab', { name: 'OpenInference' }).click();
  const attributes = playground.inspector.getByRole('group', { name: 'LLM span attributes' });
  await expect(attributes).toContainText(
    '"llm.output_messages.0.message.tool_calls.1.tool_call.function.name": "read_file"',
  );
  await expect(attributes).toContainText('"llm.tools.0.tool.json_schema"');
  await expect(playground.inspector.getByRole('group', { name: 'Tool span attributes' })).toContainText(
    '"openinference.span.kind": "TOOL"',
  );
});

test('arrow keys move between graph nodes', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files');
  await playground.selectNode('User message');
  await expect(playground.inspector.getByRole('heading', { level: 3 })).toHaveText('User message');
  await page.keyboard.press('ArrowDown');
  await expect(playground.inspector.getByRole('heading', { level: 3 })).toHaveText('Assistant message · step 1');
  await page.keyboard.press('ArrowDown');
  await expect(playground.inspector.getByRole('heading', { level: 3 })).toHaveText(/^list_files/);
});

test('fork from a tool result: edit it, re-run, see both branches, switch, delete the other', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  const answer = playground.conversation.getByRole('article', { name: 'Assistant' });
  await expect(answer).toContainText('# Greeter');

  await playground.selectNode('Tool result read_file');
  const fork = playground.inspector.getByRole('form', { name: 'Fork' });
  await fork.getByRole('textbox', { name: 'Edited result' }).fill('# Forked readme');
  await fork.getByRole('button', { name: 'Run from here' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 30_000 });

  await expect(answer).toContainText('# Forked readme');
  await expect(answer).not.toContainText('# Greeter');
  await expect(playground.timeline.getByText('Branch 2 · active')).toBeVisible();
  await expect(playground.timeline.getByText('Branch 1 · inactive')).toBeVisible();
  // Both branches are drawn: the original result and the edited one.
  await expect(playground.node('Tool result read_file')).toHaveCount(2);

  const branch = page.getByRole('combobox', { name: 'Branch' });
  await branch.selectOption({ label: 'Branch 1' });
  await expect(answer).toContainText('# Greeter');
  await expect(playground.timeline.getByText('Branch 1 · active')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Branch 2' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Branch 2?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(branch).toHaveCount(0);
  await expect(playground.node('Tool result read_file')).toHaveCount(1);
  await expect(answer).toContainText('# Greeter');
});

test('a history policy: the estimate before sending, what the request left out on the graph, and the request as sent', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  const settings = await playground.openRunSettings();
  await settings.getByRole('combobox', { name: 'History strategy' }).selectOption('sliding-window');
  await settings.getByRole('spinbutton', { name: 'History keep last' }).fill('2');
  await playground.closeRunSettings();
  await playground.message.fill('what does package.json say?');
  const estimate = page.getByRole('note', { name: 'History estimate' });
  await expect(estimate).toContainText(
    /Next request: ≈ [\d,]+ tokens of conversation · leaves out 1 user message and 1 model step/,
  );

  await playground.send.click();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 30_000 });
  await expect(playground.timeline.getByText(/left out of history/).first()).toBeVisible();
  await expect(playground.node('User message: list the files')).toContainText('left out');
  // The Wire view shows the request as it was sent: the left-out question is not in it, the note is.
  await playground.selectNode('User message: what does package.json say?');
  await playground.inspector.getByRole('tab', { name: 'Wire' }).click();
  const request = playground.inspector.getByRole('group', { name: /request$/ }).first();
  await expect(request).toContainText('Earlier conversation left out');
  await expect(request).not.toContainText('list the files and show me README.md');
});

test('the Sequence tab draws the run between User, App, Model and Tools with short call ids; an arrow selects its node', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await playground.timeline.getByRole('tab', { name: 'Sequence' }).click();
  const sequence = playground.timeline.getByRole('region', { name: 'Sequence diagram' });
  await expect(sequence.getByRole('list', { name: 'Lanes' }).getByRole('listitem')).toHaveText([
    'User',
    'App',
    'Model',
    'Tools',
  ]);
  // Each arrow is named as the graph names its node; what the message carries describes it.
  await expect(sequence.getByRole('button', { name: 'Model request, step 1' })).toHaveAccessibleDescription(
    /^request: the conversation \+ \d+ tool definitions$/,
  );
  await expect(sequence.getByRole('button', { name: /^Assistant message/ }).first()).toHaveAccessibleDescription(
    /^tool_calls: list_files \(\S+\), read_file \(\S+\)$/,
  );
  const result = sequence.getByRole('button', { name: /^Tool result read_file/ });
  await expect(result).toHaveAccessibleDescription(/^result \(\S+\): /);
  await result.click();
  await expect(result).toHaveAttribute('aria-pressed', 'true');
  // The same node is selected on the graph.
  await playground.timeline.getByRole('tab', { name: 'Graph' }).click();
  await expect(playground.node('Tool result read_file')).toHaveClass(/selected/);
});
