// Runs promptfoo itself — the reference — on every config in ./configs against the loopback fake
// provider, and records its verdict per cell in lib/evals/promptfoo/fixtures/promptfoo-verdicts.json; then
// exports each config as the playground reads it (Import cases…, then Export as promptfoo config),
// and records whether `promptfoo validate` accepts the export and whether `promptfoo eval` gives the
// export the same verdicts. lib/evals/promptfoo/promptfoo-agreement.test.ts compares the playground's grid
// with these verdicts. promptfoo is not a dependency of the project:
//   (cd testing/promptfoo && npm install)   # promptfoo 0.123.1 needs Node ≥ 22: the project's own
//   node_modules/.bin/tsx testing/promptfoo/make-corpus.ts
//   node_modules/.bin/tsx --tsconfig tsconfig.json testing/promptfoo/make-fixtures.ts
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { promptfooExportOf } from './export-config';
import { promptfooCli } from './install-promptfoo';
import { digestOfText } from '../../lib/shapes/canonical-json';
import { startFakeProvider } from '../fake-provider/start-fake-provider';

const HERE = import.meta.dirname;
const CLI = promptfooCli();
const OUT = join(HERE, '..', '..', 'lib', 'evals', 'promptfoo', 'fixtures', 'promptfoo-verdicts.json');
const VERSION = JSON.parse(readFileSync(join(HERE, 'node_modules', 'promptfoo', 'package.json'), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'promptfoo-fixtures-'));
const env = {
  ...process.env,
  PROMPTFOO_DISABLE_TELEMETRY: '1',
  PROMPTFOO_DISABLE_UPDATE: '1',
  PROMPTFOO_CONFIG_DIR: join(work, 'home'),
  OPENAI_API_KEY: 'sk-fixture-not-a-key',
};

export type Cell = { test: number; prompt: number; provider: number; pass: boolean; reason: string };

/** promptfoo's CLI, as a child (asynchronously: the fake provider answers from this process meanwhile). */
const promptfoo = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });

/** The config with every provider sent to the fake. */
function atFake(text: string, url: string): string {
  const config = parse(text);
  for (const provider of config.providers) provider.config = { ...provider.config, apiBaseUrl: `${url}/openai/v1` };
  return stringify(config, { lineWidth: 0 });
}

async function evalCells(text: string, name: string, url: string): Promise<Cell[]> {
  const file = join(work, `${name}.yaml`);
  const out = join(work, `${name}.json`);
  writeFileSync(file, atFake(text, url));
  const run = await promptfoo(
    'eval',
    '-c',
    file,
    '-o',
    out,
    '--no-cache',
    '--no-table',
    '--no-progress-bar',
    '-j',
    '4',
  );
  if (![0, 100].includes(run.status ?? -1)) throw new Error(`promptfoo eval ${name}: ${run.status}\n${run.stderr}`);
  const providers = parse(text).providers.map(
    (provider: { label?: string; id: string }) => provider.label ?? provider.id,
  );
  const { results } = JSON.parse(readFileSync(out, 'utf8')).results;
  return results
    .map(
      (result: {
        testIdx: number;
        promptIdx: number;
        provider: { label?: string; id: string };
        success: boolean;
        error?: string;
        gradingResult?: { reason?: string };
      }) => ({
        test: result.testIdx,
        prompt: result.promptIdx,
        provider: Math.max(0, providers.indexOf(result.provider.label ?? result.provider.id)),
        pass: result.success,
        reason: (result.error ?? result.gradingResult?.reason ?? '').slice(0, 300),
      }),
    )
    .sort((a: Cell, b: Cell) => a.test - b.test || a.prompt - b.prompt || a.provider - b.provider);
}

const fake = await startFakeProvider();
const fixture: {
  promptfoo: string;
  configs: Record<
    string,
    { cells: Cell[]; export: { digest: string; valid: boolean; validateSaid: string; cells: Cell[] } }
  >;
} = {
  promptfoo: VERSION,
  configs: {},
};
try {
  for (const file of readdirSync(join(HERE, 'configs'))
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    const text = readFileSync(join(HERE, 'configs', file), 'utf8');
    const name = file.replace(/\.yaml$/, '');
    const cells = await evalCells(text, name, fake.url);
    const exported = await promptfooExportOf(text);
    const exportFile = join(work, `${name}.export.yaml`);
    writeFileSync(exportFile, exported);
    const validate = await promptfoo('validate', '-c', exportFile);
    const exportCells = await evalCells(exported, `${name}.export`, fake.url);
    fixture.configs[file] = {
      cells,
      export: {
        digest: digestOfText(exported),
        valid: validate.status === 0,
        validateSaid: `${validate.stdout}${validate.stderr}`.trim().slice(0, 500),
        cells: exportCells,
      },
    };
    console.log(
      `${file}: ${cells.filter((cell) => cell.pass).length}/${cells.length} passed; export ${validate.status === 0 ? 'valid' : 'INVALID'}`,
    );
  }
} finally {
  await fake.close();
}
writeFileSync(OUT, `${JSON.stringify(fixture, null, 1)}\n`);
console.log(`wrote ${OUT}`);
