import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';
import { ToolFromCode } from './pages/tool-from-code';

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

test('a zod paste from a stranger runs only in the sandbox: no network, no page, no endless loop, and nothing is created', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const playground = new PlaygroundPage(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(request.url());
  });
  await playground.goto();
  // The page's own questions (the provider list, whether links are kept) are asked once it is
  // idle; wait for them, so that what is counted below is only what the paste could send.
  await expect
    .poll(() => requests.map((url) => new URL(url).pathname).sort())
    .toEqual(['/api/links', '/api/providers']);
  requests.length = 0;
  const before = await playground.tools.getByRole('listitem').count();
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
