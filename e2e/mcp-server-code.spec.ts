import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';
import { ToolFromCode } from './pages/tool-from-code';

let playground: PlaygroundPage;
let fromCode: ToolFromCode;
test.beforeEach(async ({ page }) => {
  playground = new PlaygroundPage(page);
  await playground.goto();
  fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
});

test("an MCP server's code (the reference memory server's, as published) reads as the tools it registers", async () => {
  const server = readFileSync('node_modules/@modelcontextprotocol/server-memory/dist/index.js', 'utf8');
  await fromCode.paste('zod / AI SDK tool()', server);
  const created = await fromCode.previewJson('create_entities');
  expect(created.parameters.properties.entities.items.required).toEqual(['name', 'entityType', 'observations']);
  await expect(fromCode.dialog.getByRole('article', { name: /^Tool JSON / })).toHaveCount(9);
  await expect(fromCode.dialog.getByRole('status')).toContainText('9 tools: create_entities, create_relations');
  await fromCode.dialog.getByRole('button', { name: 'Create tool' }).click();
  await expect(fromCode.dialog).toBeHidden();
  await expect(playground.tools).toContainText('read_graph');
});

test('an MCP server split over files: the file its schema imports is named, then added beside the code', async () => {
  const root = 'node_modules/@modelcontextprotocol/server-everything/dist';
  await fromCode.paste('zod / AI SDK tool()', readFileSync(`${root}/tools/get-resource-reference.js`, 'utf8'));
  await expect(fromCode.dialog.getByRole('status')).toHaveText('No tools in this code.');
  await expect(fromCode.dialog).toContainText(
    '`RESOURCE_TYPE_BLOB` comes from "../resources/templates.js" (add that file beside the code)',
  );
  await fromCode.dialog
    .getByLabel('Files the code imports from')
    .setInputFiles([
      { name: 'templates.js', mimeType: 'text/javascript', buffer: readFileSync(`${root}/resources/templates.js`) },
    ]);
  await expect(fromCode.dialog.getByRole('list', { name: 'Added files' })).toContainText('templates.js');
  const read = await fromCode.previewJson('get-resource-reference');
  expect(read.parameters.properties.resourceType).toEqual({ type: 'string', enum: ['Text', 'Blob'], default: 'Text' });
  await fromCode.dialog.getByRole('button', { name: 'Remove templates.js' }).click();
  await expect(fromCode.dialog.getByRole('status')).toHaveText('No tools in this code.');
});
