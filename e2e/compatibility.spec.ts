import { expect, test } from '@playwright/test';
import { seriousViolations } from './pages/axe';
import { PlaygroundPage } from './pages/playground-page';
import { MCP_EVERYTHING_PORT } from './playwright.config';

/** More tool actions → Compatibility: each tool on each target, from what the packages send and what the providers document. */

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

  await playground.moreToolAction('Compatibility');
  const dialog = page.getByRole('dialog', { name: 'Compatibility' });
  const table = dialog.getByRole('table', { name: 'Compatibility' });
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
