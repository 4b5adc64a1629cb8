import { test } from 'vitest';
import { readBfclDefinitions } from '@/testing/bfcl-corpus';
import { serializeSessionFile } from '@/lib/session/session-file';
import { createSessionStore } from '@/lib/session/session-store';
import { handleCompatRequest } from '@/lib/server/handle-compat-request';
import { formatToolSource } from '@/lib/shapes/tool-source';
import { TOOL_NAME_PATTERN } from '@/lib/shapes/tool-limits';
import { compatMatrix } from '@/lib/tools/compat/compat-verdict';
import { compatAnswerSchema } from '@/lib/tools/compat/compat-route';
import { withProductionPage } from './browser-bench';
import { type Figure, measure, printFigures } from './measure';

/** The checks here are many; the rate limit is tested on its own. */
const UNLIMITED = { PLAYGROUND_COMPAT_RATE_LIMIT: '1000000' };

/*
 * The Compatibility matrix for 100 tools (real BFCL functions): the packages' capture on the
 * server (POST /api/compat), the verdicts, and in the page from `Compatibility` chosen to the
 * 100th row drawn (production build, Chromium; budget 1 s).
 */
const definitions = readBfclDefinitions()
  .filter((definition) => TOOL_NAME_PATTERN.test(definition.name))
  .filter((each, at, all) => all.findIndex((other) => other.name === each.name) === at)
  .slice(0, 100);
const specs = definitions.map((definition) => ({
  name: definition.name,
  description: definition.description,
  inputSchema: definition.parameters,
}));

test('compatibility: the matrix for 100 tools', { timeout: 300_000 }, async () => {
  const ask = async () =>
    compatAnswerSchema.parse(
      await (
        await handleCompatRequest(
          new Request('http://localhost/api/compat', { method: 'POST', body: JSON.stringify({ tools: specs }) }),
          UNLIMITED,
        )
      ).json(),
    );
  const answer = await ask();
  const figures: Figure[] = [
    await measure('compatibility: POST /api/compat, 100 tools × 7 packages', ask, 10),
    await measure('compatibility: verdicts for 100 tools × 8 targets', () => compatMatrix(specs, answer.sent), 20),
  ];
  await withProductionPage(3156, 'Compatibility', async (page) => {
    const store = createSessionStore();
    store.getState().loadSession(
      {
        ...store.getState(),
        tools: definitions.map((definition, index) => ({
          id: `tool-${index}`,
          source: formatToolSource(definition),
          enabled: true,
          run: { kind: 'manual' as const },
        })),
      },
      { trusted: false },
    );
    await page.getByLabel('Session file').setInputFiles({
      name: 'tools.json',
      mimeType: 'application/json',
      buffer: Buffer.from(serializeSessionFile(store.getState())),
    });
    await page
      .getByRole('region', { name: 'Tools' })
      .getByRole('button', { name: definitions[99].name, exact: true })
      .waitFor();
    const samples: number[] = [];
    for (let run = 0; run < 5; run++) {
      await page.getByRole('button', { name: 'More tool actions' }).click();
      const started = performance.now();
      await page.getByRole('menuitem', { name: 'Compatibility' }).click();
      await page
        .getByRole('table', { name: 'Compatibility' })
        .getByRole('rowheader', { name: definitions[99].name, exact: true })
        .waitFor();
      samples.push(performance.now() - started);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Compatibility' }).waitFor({ state: 'hidden' });
    }
    samples.sort((a, b) => a - b);
    figures.push({
      name: 'compatibility: the matrix for 100 tools drawn in the page',
      iterations: 5,
      medianMs: samples[2],
      p95Ms: samples[4],
      budgetMs: 1_000,
    });
  });
  printFigures('Compatibility', figures);
});
