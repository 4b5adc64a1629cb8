import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

const PYTHON = `from typing import Literal, Optional

from langchain_core.tools import tool


@tool(parse_docstring=True)
def book_table(restaurant: str, party_size: int, time: Optional[str] = None, seating: Literal["inside", "outside"] = "inside") -> str:
    """Book a table at a restaurant.

    Args:
        restaurant: The restaurant's name.
        party_size: How many people.
        time: When, as HH:MM.
        seating: Where to sit.
    """
    return "booked"
`;

const PYDANTIC = `from typing import List

from pydantic import BaseModel, Field


class LineItem(BaseModel):
    sku: str
    quantity: int = Field(ge=1)


class PlaceOrder(BaseModel):
    """Place an order for delivery."""

    items: List[LineItem] = Field(description="What to order")
    express: bool = False
`;

const TYPESCRIPT = `interface Range {
  /** First line, 1-based. */
  start: number;
  end: number;
}

/**
 * Read lines from a log file.
 * @param path - File to read.
 */
export function readLog(path: string, range?: Range, level: 'info' | 'warn' | 'error' = 'info') {
  return [];
}
`;

const ZOD = `import { tool } from 'ai';
import { z } from 'zod';

export const convertCurrency = tool({
  description: 'Convert an amount between currencies',
  inputSchema: z.object({
    amount: z.number().positive().describe('How much'),
    from: z.string().length(3),
    to: z.string().length(3),
  }),
  execute: async ({ amount }) => amount,
});
`;

class ToolFromCode {
  readonly dialog;
  constructor(
    readonly page: Page,
    readonly playground: PlaygroundPage,
  ) {
    this.dialog = page.getByRole('dialog', { name: 'Tool from code' });
  }

  async open() {
    await this.playground.tools.getByRole('button', { name: 'Tool from code' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Chooses the language, pastes the code and waits for the preview to read it. */
  async paste(language: string, code: string) {
    await this.dialog.getByRole('combobox', { name: 'Language' }).selectOption({ label: language });
    await this.playground.pasteInto(this.dialog.getByRole('group', { name: 'Code' }), code);
  }

  preview(name: string) {
    return this.dialog.getByRole('article', { name: `Tool JSON ${name}` });
  }

  /** The tool's JSON as the preview shows it. */
  async previewJson(name: string) {
    await expect(this.preview(name)).toBeVisible({ timeout: 30_000 });
    return JSON.parse((await this.preview(name).locator('pre').textContent()) ?? '');
  }
}

test('a Python function, a Pydantic model, a TypeScript function and a zod tool() become four tools', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const fromCode = new ToolFromCode(page, playground);

  await fromCode.open();
  await fromCode.paste('Python function', PYTHON);
  expect(await fromCode.previewJson('book_table')).toEqual({
    name: 'book_table',
    description: 'Book a table at a restaurant.',
    parameters: {
      properties: {
        restaurant: { description: "The restaurant's name.", type: 'string' },
        party_size: { description: 'How many people.', type: 'integer' },
        time: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, description: 'When, as HH:MM.' },
        seating: { default: 'inside', description: 'Where to sit.', enum: ['inside', 'outside'], type: 'string' },
      },
      required: ['restaurant', 'party_size'],
      type: 'object',
    },
  });
  await fromCode.dialog.getByRole('button', { name: 'Create tool' }).click();
  await expect(fromCode.dialog).toBeHidden();

  await fromCode.open();
  await fromCode.paste('Pydantic model', PYDANTIC);
  const order = await fromCode.previewJson('PlaceOrder');
  expect(order.description).toBe('Place an order for delivery.');
  expect(order.parameters.properties.items.items.properties.quantity).toEqual({ minimum: 1, type: 'integer' });
  await expect(fromCode.dialog.getByRole('status')).toHaveText('1 tool: PlaceOrder');
  await fromCode.dialog.getByRole('button', { name: 'Create tool' }).click();

  await fromCode.open();
  await fromCode.paste('TypeScript function', TYPESCRIPT);
  const readLog = await fromCode.previewJson('readLog');
  expect(readLog.description).toBe('Read lines from a log file.');
  expect(readLog.parameters.properties.path).toEqual({ type: 'string', description: 'File to read.' });
  expect(readLog.parameters.properties.range.properties.start).toEqual({
    type: 'number',
    description: 'First line, 1-based.',
  });
  expect(readLog.parameters.required).toEqual(['path']);
  await fromCode.dialog.getByRole('button', { name: 'Create tool' }).click();

  await fromCode.open();
  await fromCode.paste('zod / AI SDK tool()', ZOD);
  const convert = await fromCode.previewJson('convertCurrency');
  expect(convert.parameters.properties.amount).toEqual({
    type: 'number',
    exclusiveMinimum: 0,
    description: 'How much',
  });
  expect(convert.parameters.properties.from).toEqual({ type: 'string', minLength: 3, maxLength: 3 });
  await fromCode.dialog.getByRole('button', { name: 'Create tool' }).click();

  // Four tools, each checked against the provider (the default, OpenAI) with nothing to fix.
  for (const name of ['book_table', 'PlaceOrder', 'readLog', 'convertCurrency']) {
    await playground.tools.getByRole('button', { name, exact: true }).click();
    expect(await playground.editorText()).toContain(`"name": "${name}"`);
    await expect(playground.tools.getByRole('list', { name: 'Problems' })).toHaveCount(0);
    await expect(
      playground.tools.getByRole('list', { name: 'Provider findings' }).locator('.text-role-error'),
    ).toHaveCount(0);
  }
});

test('a syntax error shows its line and column, creates nothing and keeps the code', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const before = await playground.tools.getByRole('listitem').count();
  const fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
  await fromCode.paste('Python function', 'def ok(a: int) -> int:\n    return a\n\ndef broken(a: int:\n    pass\n');
  await expect(fromCode.dialog.getByRole('alert')).toContainText('Line 4, column', { timeout: 30_000 });
  await expect(fromCode.dialog.getByRole('button', { name: 'Create tool' })).toBeDisabled();
  await expect(fromCode.dialog.getByRole('group', { name: 'Code' }).locator('.view-lines')).toContainText('def broken');

  await fromCode.paste('TypeScript function', 'export function f(a: string {\n}\n');
  await expect(fromCode.dialog.getByRole('alert')).toContainText('Line 1, column', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(playground.tools.getByRole('listitem')).toHaveCount(before);
});

test('a 3,000-deep paste in any language says which line and column nest too deep, with no page error', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.message}\n${error.stack?.slice(0, 1500)}`));
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const before = await playground.tools.getByRole('listitem').count();
  const fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
  const typeDeep = `/** Deep. */\nexport function deep(a: ${'{ a: '.repeat(3000)}string${' }'.repeat(3000)}) {}\n`;
  await fromCode.paste('TypeScript function', typeDeep);
  // The 128th brace after "export function deep(" (column 25) is one level too deep.
  await expect(fromCode.dialog.getByRole('alert')).toContainText('Line 2, column 660', { timeout: 30_000 });
  await expect(fromCode.dialog.getByRole('alert')).toContainText('nests deeper than 128 levels');
  await expect(fromCode.dialog.getByRole('button', { name: 'Create tool' })).toBeDisabled();

  await fromCode.paste(
    'zod / AI SDK tool()',
    `import { z } from 'zod';\nexport const deep = ${'z.array('.repeat(3000)}z.string()${')'.repeat(3000)};\n`,
  );
  await expect(fromCode.dialog.getByRole('alert')).toContainText('Line 2, column', { timeout: 30_000 });
  await expect(fromCode.dialog.getByRole('alert')).toContainText('nests deeper than 128 levels');

  await fromCode.paste(
    'Pydantic model',
    `from pydantic import BaseModel\n\nclass Deep(BaseModel):\n    x: ${'list['.repeat(3000)}int${']'.repeat(3000)}\n`,
  );
  await expect(fromCode.dialog.getByRole('alert')).toContainText('Line 4, column', { timeout: 30_000 });
  await expect(fromCode.dialog.getByRole('alert')).toContainText('nests deeper than 128 levels');
  await page.keyboard.press('Escape');
  await expect(playground.tools.getByRole('listitem')).toHaveCount(before);
  expect(errors).toEqual([]);
});

test('what the code cannot say is a note on the tool it made', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
  await fromCode.paste(
    'Python function',
    'from typing import Callable\n\ndef retry(action: Callable[[], None], times: int = 3) -> None:\n    """Retry an action."""\n',
  );
  await expect(fromCode.dialog.getByRole('list', { name: 'Notes on retry' })).toContainText(
    '`Callable` has no JSON Schema',
    { timeout: 30_000 },
  );
  await fromCode.dialog.getByRole('button', { name: 'Create tool' }).click();
  await expect(playground.tools.getByRole('list', { name: 'Notes from the code' })).toContainText(
    '`action`: `Callable` has no JSON Schema; the parameter was left out.',
  );
});

test('Tool code gives TypeScript and Python that read back to the same schema', async ({ page }) => {
  test.setTimeout(120_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
  await fromCode.paste('Pydantic model', PYDANTIC);
  const created = await fromCode.previewJson('PlaceOrder');
  await fromCode.dialog.getByRole('button', { name: 'Create tool' }).click();

  const toolCode = page.getByRole('dialog', { name: 'Tool code' });
  const codeOf = async (tab: string) => {
    await playground.tools.getByRole('button', { name: 'Tool code' }).click();
    await toolCode.getByRole('tab', { name: tab }).click();
    const code = (await toolCode.getByLabel(`${tab} code`).textContent()) ?? '';
    await toolCode.getByRole('button', { name: 'Close' }).click();
    return code;
  };
  const typescript = await codeOf('TypeScript (AI SDK)');
  expect(typescript).toContain("import { z } from 'zod';");
  expect(typescript).toContain('export const PlaceOrder = tool({');
  // zod, as the AI SDK sends it, would close the objects: the schema goes as drafted, and the dialog says so.
  await playground.tools.getByRole('button', { name: 'Tool code' }).click();
  await expect(toolCode.getByRole('list', { name: 'What this code cannot say exactly' })).toContainText(
    "The model is sent this schema as drafted (the AI SDK's `jsonSchema`)",
  );
  await toolCode.getByRole('button', { name: 'Close' }).click();
  const python = await codeOf('Python (LangChain)');
  expect(python).toContain('class PlaceOrder(BaseModel):');

  for (const [language, code] of [
    ['zod / AI SDK tool()', typescript],
    ['Pydantic model', python],
  ] as const) {
    await fromCode.open();
    await fromCode.paste(language, code);
    const back = await fromCode.previewJson('PlaceOrder');
    expect(back.parameters).toStrictEqual(created.parameters);
    expect(back.description).toBe(created.description);
    await page.keyboard.press('Escape');
  }
});

test("an MCP server's code (the reference memory server's, as published) reads as the tools it registers", async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
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

test('an MCP server split over files: the file its schema imports is named, then added beside the code', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
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

test('after a run, Tool stats lists each called tool with its counts, and exports CSV', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.sendMessage('list the files and show me README.md');
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tool stats' }).click();
  const stats = page.getByRole('region', { name: 'Tool stats' });
  // The simulated model lists the files and reads README.md in one step.
  await expect(stats.getByRole('row', { name: /^list_files 1 1 / })).toBeVisible();
  await expect(stats.getByRole('row', { name: /^read_file 1 1 / })).toBeVisible();
  const rows = stats.getByRole('row');
  const called = await rows
    .filter({ has: page.getByRole('rowheader') })
    .evaluateAll((each) => each.map((row) => [...row.children].map((cell) => cell.textContent?.trim())));
  const withCalls = called.filter((cells) => Number(cells[1]) > 0);
  expect(withCalls.length).toBeGreaterThan(0);
  for (const cells of withCalls) {
    expect(Number(cells[2]) + cells.slice(3, 8).reduce((sum, cell) => sum + Number(cell), 0)).toBe(Number(cells[1]));
    expect(cells[9]).toMatch(/ms$/);
    expect(cells[12]).toMatch(/^\d+% \(\d+\/\d+\)$/);
  }
  const download = page.waitForEvent('download');
  await stats.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  });
  expect(csv.split('\r\n')[0]).toContain('scope,tool,calls,successes');
  expect(csv).toContain(`This session,${withCalls[0][0]},${withCalls[0][1]},`);
});

test('the token X-ray shows what the tool and each property cost, in the editor', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.tools.getByRole('button', { name: 'read_file', exact: true }).click();
  const lines = playground.editor.locator('.view-lines');
  // Beside "name": this tool and all the tools of the next request; beside each property: its share
  // (Monaco draws a hint's spaces as no-break spaces).
  // With the simulated model the counts are an estimate, and each figure says so (≈).
  await expect(lines).toContainText(/"name"\s*≈\d+\stok\s·\sall\s≈\d+/, { timeout: 30_000 });
  await expect(lines).toContainText(/"path"\s*≈\d+\stok/);
  await expect(lines).toContainText(/"description"\s*≈\d+\stok/);
});

test('one counting of the tools for the selected provider: the tool list, its total, the X-ray and Tool stats agree', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const figure = (text: string, pattern: RegExp) => Number((pattern.exec(text)?.[1] ?? 'NaN').replaceAll(',', ''));
  const agree = async (approx: boolean) => {
    const mark = approx ? '≈' : '';
    await playground.tools.getByRole('button', { name: 'bash', exact: true }).click();
    // The X-ray's hint beside "name" (Monaco draws its spaces as no-break spaces).
    const hint = new RegExp(`^${mark}(\\d+)\\stok\\s·\\sall\\s${mark}(\\d+)$`);
    const hintSpan = playground.editor.locator('[class*="dyn-rule-"]').filter({ hasText: hint });
    await expect(hintSpan).toHaveCount(1, { timeout: 30_000 });
    const hintText = ((await hintSpan.textContent()) ?? '').replaceAll('\u00a0', ' ');
    const [, bashInEditor, allInEditor] = (hint.exec(hintText) ?? []).map(Number);
    const item = playground.tools
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'bash', exact: true }) });
    if (approx) await expect(item).toContainText(/≈ [\d,]+ tokens/);
    else await expect(item).not.toContainText('≈');
    expect(figure((await item.textContent()) ?? '', /([\d,]+) tokens/)).toBe(bashInEditor);
    const title = playground.tools.getByRole('heading', { name: /^Tools/ });
    await expect(title).toContainText(/in the next run · /);
    expect(figure((await title.textContent()) ?? '', /([\d,]+) tokens/)).toBe(allInEditor);
    return bashInEditor;
  };
  // The simulated model has no tokenizer: an estimate everywhere, the same estimate.
  await agree(true);
  // OpenAI's own tokenizer: exact everywhere, and "Tools as the model reads them" gives the same total.
  await page.getByRole('combobox', { name: 'Provider' }).selectOption('openai');
  const bash = await agree(false);
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tool stats' }).click();
  const row = page.getByRole('region', { name: 'Tool stats' }).getByRole('row', { name: /^bash / });
  await expect(row).toBeVisible();
  const cells = await row.locator('th, td').evaluateAll((each) => each.map((cell) => cell.textContent?.trim()));
  expect(cells[11]).toBe(bash.toLocaleString('en-US'));
  await page.getByRole('dialog', { name: 'Tool stats' }).getByRole('button', { name: 'Close' }).click();
  const title = playground.tools.getByRole('heading', { name: /^Tools/ });
  const total = figure((await title.textContent()) ?? '', /([\d,]+) tokens/);
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tools as the model reads them' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tools as the model reads them' });
  await expect(dialog.getByRole('status')).toContainText(`Tools: ${total} tokens (o200k_base`);
});

test('Tools as the model reads them: the chat template rendered with the tools, their part marked', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.goto();
  await playground.tools.getByRole('button', { name: 'More tool actions' }).click();
  await page.getByRole('menuitem', { name: 'Tools as the model reads them' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tools as the model reads them' });
  const prompt = dialog.getByRole('region', { name: 'Prompt text' });
  await dialog.getByRole('combobox', { name: 'Model family' }).selectOption({ label: 'Qwen 2.5' });
  await expect(prompt).toContainText('<tools>');
  await expect(prompt.locator('mark')).toContainText('"name": "read_file"');
  await dialog.getByRole('combobox', { name: 'Model family' }).selectOption({ label: 'gpt-oss (Harmony)' });
  await expect(prompt.locator('mark')).toContainText('type read_file = (_: {');
  await expect(dialog.getByRole('status')).toContainText(/Tools: ≈ \d+ tokens of ≈ \d+ in this prompt \(an estimate/);
});

test('a zod paste from a stranger runs only in the sandbox: no network, no page, no endless loop, and nothing is created', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const playground = new PlaygroundPage(page);
  await playground.goto();
  const before = await playground.tools.getByRole('listitem').count();
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(request.url());
  });
  const fromCode = new ToolFromCode(page, playground);
  await fromCode.open();
  const attempts = [
    [
      `import { z } from 'zod';\nconst stolen = await fetch('/api/providers').then((r) => r.text());\nexport const leak = z.object({ a: z.string() }).describe(stolen);`,
      /The code threw in the sandbox/,
    ],
    [
      `import { z } from 'zod';\nexport const leak = z.object({ a: z.string() }).describe(document.cookie);`,
      /The code threw in the sandbox: .*document/,
    ],
    [
      `import { z } from 'zod';\nwhile (true) {}\nexport const spin = z.object({});`,
      /ran longer than 10 s in the sandbox/,
    ],
  ] as const;
  for (const [code, message] of attempts) {
    await fromCode.paste('zod / AI SDK tool()', code);
    await expect(fromCode.dialog.getByRole('alert')).toContainText(message, { timeout: 30_000 });
    await expect(fromCode.dialog.getByRole('button', { name: 'Create tool' })).toBeDisabled();
  }
  expect(requests).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(playground.tools.getByRole('listitem')).toHaveCount(before);
});
