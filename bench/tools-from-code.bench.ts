import ts from 'typescript';
import { expect, test } from 'vitest';
import { createPythonParser } from '@/testing/parse-python';
import { readPythonTools } from '@/lib/tools/from-code/python-tools';
import { readTypeScriptTools } from '@/lib/tools/from-code/typescript-tools';
import { prepareZodProgram } from '@/lib/tools/from-code/zod-program';
import { bundleZodSandbox } from '@/scripts/build-vendor-assets.mjs';
import { withProductionPage } from './browser-bench';
import { measure, printFigures } from './measure';

const N = 20;
const range = Array.from({ length: N }, (_, index) => index);

const PYTHON = `from typing import List, Literal, Optional\n\nfrom langchain_core.tools import tool\n\n${range
  .map(
    (i) => `@tool(parse_docstring=True)
def tool_${i}(city: str, days: int = 3, unit: Literal["c", "f"] = "c", tags: Optional[List[str]] = None) -> str:
    """Forecast number ${i}.

    Args:
        city: The city.
        days: How many days.
        unit: The unit.
        tags: Labels.
    """
    return ""
`,
  )
  .join('\n\n')}`;

const PYDANTIC = `from typing import List, Optional\n\nfrom pydantic import BaseModel, Field\n\n${range
  .map(
    (i) => `class Order${i}(BaseModel):
    """Place order ${i}."""

    sku: str = Field(description="Item", min_length=3)
    quantity: int = Field(default=1, ge=1, le=99)
    note: Optional[str] = None
    tags: List[str] = []
`,
  )
  .join('\n\n')}`;

const TYPESCRIPT = range
  .map(
    (i) => `/**
 * Forecast number ${i}.
 * @param city - The city.
 */
export function forecast${i}(city: string, days = 3, unit: 'c' | 'f' = 'c', tags?: string[]): string {
  return '';
}`,
  )
  .join('\n\n');

const ZOD = `import { tool } from 'ai';\nimport { z } from 'zod';\n\n${range
  .map(
    (i) => `export const forecast${i} = tool({
  description: 'Forecast number ${i}',
  inputSchema: z.object({ city: z.string().describe('The city'), days: z.number().int().min(1).default(3), unit: z.enum(['c', 'f']).default('c') }),
});`,
  )
  .join('\n\n')}`;

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => () => Promise<unknown>;

test('Tool from code: parse and convert a 20-definition paste, per language', async () => {
  const parse = await createPythonParser();
  const bundle = await bundleZodSandbox();
  const count = (read: { ok: boolean; tools?: unknown[] }) => {
    if (!read.ok || read.tools?.length !== N) throw new Error('the paste did not read into 20 tools');
  };
  printFigures(`Tool from code, ${N} definitions per paste (Node; the page runs the same code)`, [
    await measure('Python functions (tree-sitter + reader)', () => count(readPythonTools(parse(PYTHON)))),
    await measure('Pydantic models (tree-sitter + reader)', () => count(readPythonTools(parse(PYDANTIC)))),
    await measure('TypeScript functions (TS parser + reader)', () => count(readTypeScriptTools(ts, TYPESCRIPT))),
    await measure(
      'zod tool() (compile, load zod + AI SDK, run, convert)',
      async () => {
        const prepared = prepareZodProgram(ts, ZOD);
        if (!prepared.ok) throw new Error(prepared.problem.message);
        count({ ok: true, ...((await new AsyncFunction(prepared.build(bundle))()) as { tools: unknown[] }) });
      },
      20,
    ),
  ]);
});

/** Budget: each language's first preview after the dialog opens (its reader loading then), median of the visits — a paste should preview within a second. */
const BUDGET_PREVIEW_MS = 1_000;
const VISITS = 5;
const LANGUAGES = ['TypeScript function', 'zod / AI SDK tool()', 'Pydantic model'] as const;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('Tool from code: what the dialog loads, and how soon each language previews', async () => {
  await withProductionPage(3306, 'Tool from code', async (_settled, browser) => {
    const times = new Map<string, number[]>();
    const note = (what: string, ms: number) => times.set(what, [...(times.get(what) ?? []), ms]);
    let loadedLine = '';
    for (let visit = 0; visit < VISITS; visit++) {
      // A cold visit each time: a new context, the page settled (tools checked, editor drawn).
      const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
      const page = await context.newPage();
      await page.goto(new URL('/', _settled.url()).href);
      await page.locator('main[aria-busy="false"]').waitFor();
      await page.locator('.monaco-editor').first().waitFor();
      const resources = () =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').map((entry) => {
            const resource = entry as PerformanceResourceTiming;
            return { url: resource.name, bytes: resource.encodedBodySize };
          }),
        );
      const before = new Set((await resources()).map((entry) => entry.url));
      const dialog = page.getByRole('dialog', { name: 'Tool from code' });
      const started = performance.now();
      await page.getByRole('button', { name: 'Tool from code' }).click();
      await dialog.getByRole('article').first().waitFor({ timeout: 60_000 });
      note('Python function (the dialog, Monaco language, tree-sitter)', performance.now() - started);
      for (const language of LANGUAGES) {
        const at = performance.now();
        await dialog.getByRole('combobox', { name: 'Language' }).selectOption({ label: language });
        await dialog.getByText('Reading the code…').waitFor({ state: 'detached', timeout: 60_000 });
        await dialog.getByRole('article').first().waitFor({ timeout: 60_000 });
        note(`${language} (its reader loads)`, performance.now() - at);
      }
      const loaded = (await resources()).filter((entry) => !before.has(entry.url));
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const of = (test: (url: string) => boolean) =>
        kb(loaded.filter((entry) => test(entry.url)).reduce((sum, entry) => sum + entry.bytes, 0));
      loadedLine = `loaded after the click: ${loaded.length} files, ${of(() => true)} as transferred (JavaScript ${of((url) => url.endsWith('.js') && !url.includes('/vendor/'))} gzipped, zod for the sandbox ${of((url) => url.endsWith('zod-sandbox.js'))}, wasm ${of((url) => url.endsWith('.wasm'))})`;
      await context.close();
    }
    const lines = [...times].map(
      ([what, each]) =>
        `first preview, ${what}: ${median(each).toFixed(0)} ms (median of ${VISITS}; ${each.map((ms) => ms.toFixed(0)).join(', ')}) — budget ${BUDGET_PREVIEW_MS} ms`,
    );
    console.log(`\nTool from code in the browser (production build)\n${[...lines, loadedLine].join('\n')}\n`);
    for (const [what, each] of times)
      expect.soft(median(each), `first preview, ${what} (ms)`).toBeLessThanOrEqual(BUDGET_PREVIEW_MS);
  });
}, 300_000);
