import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** The current session as its exported file (JSON), to craft what a stranger's file might hold. */
async function exportSession(playground: PlaygroundPage): Promise<{ session: Record<string, unknown> }> {
  const downloading = playground.page.waitForEvent('download');
  await playground.sessionAction('Export session');
  return JSON.parse((await readFile(await (await downloading).path())).toString());
}

async function openSessionFile(playground: PlaygroundPage, name: string, file: unknown) {
  await playground.page
    .getByLabel('Session file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(playground.page.getByRole('status').filter({ hasText: `Opened ${name}` })).toBeVisible();
}

/** A session whose MCP tool answered with an image part that has no data — what a hostile file or handler may hold. */
function withMalformedMcpResult(file: { session: Record<string, unknown> }, output: unknown) {
  const session = file.session;
  session.mcpServers = [
    {
      id: 'srv-evil',
      url: 'http://127.0.0.1:9/mcp',
      name: 'evil',
      version: '1.0.0',
      capabilities: ['tools'],
      transport: 'streamable-http',
    },
  ];
  session.tools = [
    ...(session.tools as unknown[]),
    {
      id: 'srv-evil-echo',
      source: `${JSON.stringify({ name: 'evil_echo', description: 'Echoes.', parameters: { type: 'object' } }, null, 2)}\n`,
      enabled: true,
      run: { kind: 'mcp', server: 'srv-evil', tool: 'echo', timeoutMs: 30_000 },
    },
  ];
  session.messages = [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'echo something' }] },
    {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'evil_echo',
          toolCallId: 'call_evil_0001',
          state: 'output-available',
          input: {},
          output,
        },
        { type: 'step-start' },
        { type: 'text', text: 'Done.' },
      ],
    },
  ];
  session.outcomes = { call_evil_0001: 'ok' };
  return file;
}

test('a session file whose MCP result is malformed opens, says so, and reads back after a reload', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const file = withMalformedMcpResult(await exportSession(playground), { content: [{ type: 'image' }] });
  await openSessionFile(playground, 'malformed-mcp.json', file);

  const result = playground.node('Tool result evil_echo');
  await expect(result).toBeVisible();
  await expect(result).toContainText('not a valid MCP result');
  await playground.selectNode('Tool result evil_echo');
  await expect(playground.inspector.getByRole('note')).toHaveText(
    /^Not a valid MCP result \(content\.0\.data: .+\): shown as JSON\.$/,
  );
  await playground.conversation.getByText('Result', { exact: true }).click();
  await expect(playground.conversation.getByRole('note').filter({ hasText: 'Not a valid MCP result' })).toHaveText(
    /^Not a valid MCP result \(content\.0\.data: .+\): shown as JSON\.$/,
  );
  await expect(playground.conversation.locator('pre', { hasText: '"type": "image"' })).toBeVisible();

  await page.reload();
  await playground.ready();
  await expect(playground.node('Tool result evil_echo')).toBeVisible();
  // Nothing set aside, nothing failed to draw (Next's route announcer is an empty alert).
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toContainText('Done.');
});

test('a pane that fails to draw keeps to itself: the others work, "Reset this view" draws it again', async ({
  page,
}) => {
  // A render failure on demand: while the flag is up, JSON.stringify of one marker string throws
  // (the Inspector's JSON view writes each leaf value with it); nothing else stringifies it alone.
  await page.addInitScript(() => {
    const stringify = JSON.stringify;
    const flags = window as unknown as { failDrawing?: boolean };
    JSON.stringify = ((value: unknown, ...rest: []) => {
      if (flags.failDrawing && value === 'draw-me-and-fail') throw new Error('drawing failed on purpose');
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
  });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const file = withMalformedMcpResult(await exportSession(playground), 'draw-me-and-fail');
  await openSessionFile(playground, 'fails-to-draw.json', file);

  await page.evaluate(() => {
    (window as unknown as { failDrawing?: boolean }).failDrawing = true;
  });
  await playground.selectNode('Tool result evil_echo');
  const failed = playground.inspector.getByRole('alert');
  await expect(failed).toContainText('The Inspector could not be drawn: drawing failed on purpose');
  await expect(failed).toContainText('Your session is safe, and the other panes still work.');

  // The other panes go on: the graph answers, the conversation takes a message and runs it.
  await expect(playground.node('Tool result evil_echo')).toBeVisible();
  await playground.sendMessage('hello');
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toHaveCount(2);

  await page.evaluate(() => {
    (window as unknown as { failDrawing?: boolean }).failDrawing = false;
  });
  await playground.inspector.getByRole('button', { name: 'Reset this view' }).click();
  await expect(playground.inspector.getByRole('alert')).toHaveCount(0);
  await playground.selectNode('Tool result evil_echo');
  await expect(playground.inspector.getByRole('group', { name: 'Node JSON' })).toContainText('draw-me-and-fail');

  await page.reload();
  await playground.ready();
  await expect(playground.conversation.getByRole('article', { name: 'Assistant' })).toHaveCount(2);
});

test('corrupted pane sizes in localStorage are ignored: the page loads with its default layout', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  // Make sure sizes were saved, then spoil every one of them.
  const keys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('react-resizable-panels')),
  );
  for (const junk of ['{not json', 'null', '{"tools":"wide","chat":-5}', '[1,2]']) {
    await page.evaluate(
      ({ names, value }) => {
        for (const name of names) localStorage.setItem(name, value);
        // Keys the library may read even before anything was saved.
        localStorage.setItem('react-resizable-panels:playground-columns:tools,chat,centre,inspector', value);
      },
      { names: keys, value: junk },
    );
    await page.reload();
    await playground.ready();
    await expect(playground.tools).toBeVisible();
    await expect(playground.conversation).toBeVisible();
  }
});
