import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../testing/fake-provider/start-fake-provider';
import { promptfooExportOf } from '../../../testing/promptfoo/export-config';
import { createOfflineSandbox } from '../../sandbox/create-offline-sandbox';
import { handleChatRequest } from '../../server/handle-chat-request';
import { digestOfText } from '../../shapes/canonical-json';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { readEvalSuite } from '../read-eval-suite';
import { readPromptfooSuite } from './read-promptfoo';
import { CASE_METADATA_KEY } from './write-promptfoo';
import { parse } from 'yaml';
import { runEvalSuite } from '../run-suite';

/*
 * promptfoo itself is the reference: testing/promptfoo/make-fixtures.ts ran `promptfoo eval` (the
 * version in the fixture) on every config in testing/promptfoo/configs against the loopback fake
 * provider and kept its verdict per cell; here the playground's grid runs the same configs against
 * the same fake, through the chat route and the loop, and must give the same verdicts.
 */

type Cell = { test: number; prompt: number; provider: number; pass: boolean; reason: string };
type Fixture = {
  promptfoo: string;
  configs: Record<
    string,
    { cells: Cell[]; export: { digest: string; valid: boolean; validateSaid: string; cells: Cell[] } }
  >;
};
const CONFIGS = join(import.meta.dirname, '..', '..', '..', 'testing', 'promptfoo', 'configs');
const fixture: Fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'promptfoo-verdicts.json'), 'utf8'),
);
const files = readdirSync(CONFIGS)
  .filter((name) => name.endsWith('.yaml'))
  .sort();
const textOf = (file: string) => readFileSync(join(CONFIGS, file), 'utf8');
const key = (cell: Pick<Cell, 'test' | 'prompt' | 'provider'>) => `${cell.test}/${cell.prompt}/${cell.provider}`;

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

/** The grid's verdict per cell (test, prompt, provider) — and which cells hold an assertion the playground does not run. */
async function gridCells(text: string) {
  const read = await readEvalSuite(text);
  if (!read.ok) throw new Error(read.message);
  const promptfoo = readPromptfooSuite(text);
  if (!promptfoo.ok) throw new Error(promptfoo.message);
  const prompts = new Set(promptfoo.cases.map((each) => each.id.split(' · ')[1])).size || 1;
  const checker = createSchemaChecker();
  const { runs } = await runEvalSuite(
    { ...read.suite, concurrency: 4 },
    {
      deps: {
        checker,
        fetch: ((_url: RequestInfo | URL, init?: RequestInit) =>
          handleChatRequest(new Request('http://localhost/api/chat', init), {
            simulatedChunkDelayMs: 0,
            env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123', OPENAI_BASE_URL: `${fake.url}/openai/v1` },
          })) as typeof fetch,
        createSandbox: async (files) => createOfflineSandbox(files ?? read.startingFiles),
      },
    },
  );
  const unmapped = new Set(promptfoo.unmapped.map((each) => each.caseId));
  // Tools promptfoo sends unconverted (Anthropic's format to OpenAI): said at import, and not compared.
  const unconverted = promptfoo.notes.some((note) => note.includes('promptfoo sends them to the provider as written'));
  return runs.map((run) => {
    const index = read.suite.cases.findIndex((each) => each.id === run.caseId);
    const provider = read.suite.configs.findIndex((config) => config.id === run.configId);
    return {
      cell: { test: Math.floor(index / prompts), prompt: index % prompts, provider },
      pass: run.pass,
      why: run.error ?? run.failures.map((failure) => failure.message).join(' '),
      unmapped: unmapped.has(run.caseId) || unconverted,
    };
  });
}

describe('promptfoo in and out, against promptfoo itself', () => {
  it(`has a corpus of at least 20 configs, each run by promptfoo ${fixture.promptfoo}`, () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(fixture.configs).sort()).toEqual(files);
  });

  it('gives promptfoo’s verdict in at least 99 % of the cells whose assertions it runs', {
    timeout: 240_000,
  }, async () => {
    let compared = 0;
    let skipped = 0;
    const disagreements: string[] = [];
    for (const file of files) {
      const expected = new Map(fixture.configs[file].cells.map((cell) => [key(cell), cell]));
      const cells = await gridCells(textOf(file));
      expect(cells.length, file).toBe(expected.size);
      for (const { cell, pass, why, unmapped } of cells) {
        const reference = expected.get(key(cell));
        expect(reference, `${file} ${key(cell)}`).toBeDefined();
        if (unmapped) {
          skipped++;
          continue;
        }
        compared++;
        if (reference?.pass !== pass)
          disagreements.push(
            `${file} cell ${key(cell)}: promptfoo ${reference?.pass} (${reference?.reason}); grid ${pass} (${why})`,
          );
      }
    }
    expect(compared).toBeGreaterThanOrEqual(200);
    // The config with Anthropic-format tools under an OpenAI provider is there, and its import says why it is not compared.
    const foreign = readPromptfooSuite(textOf('anthropic-tools-under-openai.yaml'));
    expect(foreign.ok && foreign.notes.join(' ')).toContain('promptfoo sends them to the provider as written');
    expect(skipped).toBeLessThan(compared / 10);
    expect((compared - disagreements.length) / compared, disagreements.join('\n')).toBeGreaterThanOrEqual(0.99);
  });

  it('exports each config as one promptfoo validates and runs to the same verdicts', async () => {
    for (const file of files) {
      const recorded = fixture.configs[file].export;
      const exported = await promptfooExportOf(textOf(file));
      // The export promptfoo checked is the one the playground writes now (else: run make-fixtures.ts again).
      expect(digestOfText(exported), `${file}: the export changed since promptfoo checked it`).toBe(recorded.digest);
      expect(recorded.valid, `${file}: ${recorded.validateSaid}`).toBe(true);
      const original = new Map(fixture.configs[file].cells.map((cell) => [`${cell.test}/${cell.provider}`, cell.pass]));
      const promptfoo = readPromptfooSuite(textOf(file));
      if (!promptfoo.ok) throw new Error(promptfoo.message);
      const prompts = new Set(promptfoo.cases.map((each) => each.id.split(' · ')[1])).size || 1;
      const unmapped = new Set(promptfoo.unmapped.map((each) => each.caseId));
      // The export sends converted tools where the original sent them as written: not the same run.
      if (promptfoo.notes.some((note) => note.includes('promptfoo sends them to the provider as written'))) continue;
      // Each exported test carries its case (a case with no check is not exported): case n of the
      // import is the original's test n / prompts, prompt n % prompts.
      const exportedIds = (parse(exported).tests as { metadata: Record<string, string> }[]).map(
        (test) => (JSON.parse(test.metadata[CASE_METADATA_KEY]) as { id: string }).id,
      );
      for (const cell of recorded.cells) {
        const caseId = exportedIds[cell.test];
        if (unmapped.has(caseId)) continue;
        const index = promptfoo.cases.findIndex((each) => each.id === caseId);
        const before = fixture.configs[file].cells.find(
          (each) =>
            each.test === Math.floor(index / prompts) &&
            each.prompt === index % prompts &&
            each.provider === cell.provider,
        );
        expect(cell.pass, `${file} export test ${cell.test}: ${cell.reason}`).toBe(before?.pass);
      }
      expect(original.size).toBeGreaterThan(0);
    }
  });
});
