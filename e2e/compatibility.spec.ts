import { expect, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';
import { MCP_EVERYTHING_PORT } from './playwright.config';

/** More tool actions → Compatibility: each tool on each target, from what the packages send and what the providers document. */

/** Opens `Compatibility` from the Tools pane: the dialog and its matrix. */
async function openCompatibility(playground: PlaygroundPage) {
  await playground.moreToolAction('Compatibility');
  const dialog = playground.page.getByRole('dialog', { name: 'Compatibility' });
  return { dialog, table: dialog.getByRole('table', { name: 'Compatibility' }) };
}

test('the matrix for the default tools and an MCP server’s tools: a verdict per cell, and why', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.moreToolAction('Connect MCP server');
  const connect = page.getByRole('dialog', { name: 'Connect an MCP server' });
  await connect.getByRole('textbox', { name: 'MCP server URL' }).fill(`http://127.0.0.1:${MCP_EVERYTHING_PORT}/mcp`);
  await connect.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(connect).toBeHidden();
  await expect(
    playground.tools.getByRole('group', { name: 'MCP mcp-servers/everything' }).getByRole('status'),
  ).toHaveText('connected');

  const { dialog, table } = await openCompatibility(playground);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Tool',
    'OpenAI Chat (strict)',
    'OpenAI Chat',
    'OpenAI Responses (strict)',
    'Anthropic (strict)',
    'Anthropic',
    'Gemini (parametersJsonSchema)',
    'Gemini (legacy parameters)',
    'OpenAI-compatible (Ollama, vLLM)',
  ]);
  // The eight core tools and the MCP server's.
  await expect(table.getByRole('rowheader', { name: 'read_file', exact: true })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'echo', exact: true })).toBeVisible();
  await expect(
    table.getByRole('button', { name: /^read_file on OpenAI Chat: accepts \(sent by the package\)$/ }),
  ).toBeVisible();

  const legacy = table.getByRole('button', { name: /^echo on Gemini \(legacy parameters\): rejects \(documented\)/ });
  await legacy.click();
  const why = dialog.getByRole('region', { name: 'Why' });
  await expect(why).toContainText('echo on Gemini (legacy parameters): rejects (documented)');
  await expect(why.getByRole('link', { name: /Gemini API — Schema/ })).toHaveAttribute(
    'href',
    'https://ai.google.dev/api/caching#Schema',
  );
  expect(await seriousViolations(page, 'compatibility')).toEqual([]);
});

test('Make compatible with… rewrites the tools so every chosen target takes them as written; one undo puts them back', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const { dialog, table } = await openCompatibility(playground);
  const strictCells = table.getByRole('button', { name: / on Anthropic \(strict\): / });
  await expect(strictCells).toHaveCount(8);
  const rejecting = await table.getByRole('button', { name: / on Anthropic \(strict\): rejects/ }).count();
  expect(rejecting).toBeGreaterThan(0);

  await dialog.getByRole('button', { name: 'Make compatible with…' }).click();
  await dialog.getByRole('checkbox', { name: 'Anthropic (strict)' }).check();
  await dialog.getByRole('checkbox', { name: 'OpenAI Chat (strict)' }).check();
  await dialog.getByRole('button', { name: 'Rewrite the tools' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /changes?/ })).toBeVisible();
  // What the rewrite does to a run is said first; the change list is folded so the grid stays in sight.
  const effects = dialog.getByRole('list', { name: 'What the rewrite changes in a run' });
  await expect(effects).toContainText('now required and nullable: a model must write every argument');
  await expect(effects).toContainText(/cost ≈ \+\d+ tokens in every request \(\+\d+ %\)/);
  await dialog.getByText(/^What changed, tool by tool/).click();
  await expect(dialog.getByRole('list', { name: 'What changed' })).toContainText('additionalProperties: false');
  await expect(table.getByRole('button', { name: / on Anthropic \(strict\): accepts/ })).toHaveCount(8);
  await expect(table.getByRole('button', { name: / on OpenAI Chat \(strict\): accepts/ })).toHaveCount(8);

  // The demo still does what it did: null stands for "not given", and the sandbox's tools take it so.
  await page.keyboard.press('Escape');
  await playground.sendMessage('list the files and show me README.md');
  await expect(playground.node(/^Tool result list_files/).first()).toContainText('package.json');
  await expect(playground.node(/^Tool result read_file/).first()).toContainText(/\d+ (B|KB)/);
  await expect(page.getByRole('region', { name: 'Conversation' })).not.toContainText('(empty)');

  await openCompatibility(playground);
  await dialog.getByRole('button', { name: 'Undo Make compatible' }).click();
  await expect(table.getByRole('button', { name: / on Anthropic \(strict\): rejects/ })).toHaveCount(rejecting);
});

test('on a phone the matrix scrolls inside its dialog and stays readable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Tools' }).click();
  const { dialog } = await openCompatibility(playground);
  const cell = dialog.getByRole('button', { name: /^read_file on OpenAI-compatible \(Ollama, vLLM\): accepts/ });
  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  await expect(dialog.getByRole('region', { name: 'Why' })).toContainText(
    'read_file on OpenAI-compatible (Ollama, vLLM): accepts',
  );
  expect(await seriousViolations(page, 'compatibility on a phone')).toEqual([]);
});

test('Context cost: what each tool cost across the session’s requests, counted on the bodies each package sends', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await expect(playground.node('Tool result read_file')).toBeVisible();
  await playground.moreToolAction('Context cost');
  const dialog = page.getByRole('dialog', { name: 'Context cost' });
  const perTool = dialog.getByRole('table', { name: 'Cost per tool' });
  await expect(perTool.getByRole('columnheader')).toHaveText([
    'Tool',
    'Sent in',
    'Definition',
    'Arguments',
    'Results',
    'Total',
    'Money',
    'Share of input',
  ]);
  const readFile = perTool.getByRole('row', { name: /^read_file / });
  // Sent in both requests; its call's arguments and result re-read by the second.
  await expect(readFile.getByRole('cell').first()).toHaveText('2');
  await expect(readFile.getByRole('cell').nth(2)).not.toHaveText('0');
  await expect(readFile.getByRole('cell').nth(3)).not.toHaveText('0');
  await expect(dialog.getByRole('table', { name: 'Cost per request' }).getByRole('row')).toHaveCount(3);
  await expect(dialog).toContainText('The simulated model has no wire format');
  expect(await seriousViolations(page, 'context cost')).toEqual([]);
});

test('Probe with my key: one request per tool to the target; each answer becomes the cell’s verdict, kept in the session', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const { dialog, table } = await openCompatibility(playground);
  await expect(
    table.getByRole('button', { name: /^bash on OpenAI Chat \(strict\): rejects \(documented\)/ }),
  ).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Target to probe' }).selectOption({ label: 'OpenAI Chat (strict)' });
  await dialog.getByRole('button', { name: 'Probe with my key' }).click();
  // The test server's key goes to the loopback fake provider, which takes every tool.
  await expect(dialog.getByRole('status').filter({ hasText: /answered 8 probes/ })).toHaveText(
    'OpenAI Chat (strict) answered 8 probes (gpt-4.1-mini): 8 accepted, 0 refused.',
  );
  const probed = table.getByRole('button', { name: /^bash on OpenAI Chat \(strict\): accepts \(probed\)$/ });
  await expect(probed).toBeVisible();
  await probed.click();
  await expect(dialog.getByRole('region', { name: 'Why' })).toContainText(
    'bash on OpenAI Chat (strict): accepts (probed)',
  );
});
