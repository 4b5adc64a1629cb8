// `npm run eval -- <cases.json | promptfooconfig.yaml | session.json> [--junit <file>] [--json <file>] [--max-flaky <n>]
//   [--repeats <n>] [--concurrency <n>] [--mode full-loop|first-step] [--provider gguf:<model.gguf>] [--shard i/n]`
// `npm run eval -- merge <shard.json>… [--junit <file>] [--json <file>] [--max-flaky <n>]`: the shards as one report.
// The Evals grid in Node, through the same loop and chat route code as the page (the route's
// handler in this process): the simulated model with no key, or a provider with its key from the
// environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY), sandbox tools in
// the offline sandbox; `--provider gguf:<file>` runs every case on that model file instead, through
// llama.cpp's Node binding (scripts/llama-node: no key, no network). Prints each run as it ends and a summary table; exits 1 when a case fails
// (a flaky one too, past --max-flaky), 2 when the input cannot be read. docs/evals.md, "In CI".
import './eval-environment';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { evalColumns, evalResultsJson } from '../lib/evals/eval-results';
import { junitXml } from '../lib/evals/junit';
import { configKeyHeaders } from '../lib/evals/promptfoo/promptfoo-key-sources';
import { readEvalSuite } from '../lib/evals/read-eval-suite';
import { runEvalSuite } from '../lib/evals/run-suite';
import { mergeShards, parseShard, shardReportJson } from '../lib/evals/shards';
import { runLine, summaryLine, suiteReport } from '../lib/evals/suite-report';
import { createOfflineSandbox } from '../lib/sandbox/create-offline-sandbox';
import { handleChatRequest } from '../lib/server/handle-chat-request';
import { createSchemaChecker } from '../lib/tools/create-schema-checker';
import { createInPageFetch } from '../lib/agent/answer-in-page';
import { loadLocalModel } from './llama-node/load-local-model';

/** `--provider gguf:<file>`: the one configuration every case runs on, and the model behind it. */
async function localModelOf(provider: string | undefined) {
  if (provider === undefined) return undefined;
  if (!provider.startsWith('gguf:') || provider.length === 5)
    fail('--provider takes gguf:<model.gguf> (a model file run by llama.cpp in this process).');
  const loaded = await loadLocalModel(provider.slice(5));
  if (!loaded.ok) return fail(loaded.error);
  return loaded;
}

const fail = (message: string, code = 2): never => {
  console.error(`npm run eval: ${message}`);
  process.exit(code);
};
const whole = (name: string, value: string | undefined, min: number, max: number) => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    fail(`--${name} must be a whole number from ${min} to ${max}.`);
  return number;
};

let parsed: ReturnType<typeof parseArgs>;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      junit: { type: 'string' },
      json: { type: 'string' },
      'max-flaky': { type: 'string' },
      repeats: { type: 'string' },
      concurrency: { type: 'string' },
      mode: { type: 'string' },
      provider: { type: 'string' },
      shard: { type: 'string' },
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed!;
const maxFlaky = whole('max-flaky', values['max-flaky'] as string | undefined, 0, 100_000) ?? 0;
if (positionals[0] === 'merge') mergeAndReport(positionals.slice(1));
if (positionals.length !== 1)
  fail('give one file: a case file (JSON or JSON Lines), a promptfoo config (YAML or JSON) or a session file.');
const mode = values.mode as string | undefined;
if (mode !== undefined && mode !== 'full-loop' && mode !== 'first-step') fail('--mode is full-loop or first-step.');

let text = '';
try {
  text = readFileSync(positionals[0], 'utf8');
} catch (error) {
  fail(`cannot read ${positionals[0]}: ${error instanceof Error ? error.message : String(error)}`);
}
const read = await readEvalSuite(text);
if (!read.ok) fail(`${positionals[0]}: ${read.message}`);
const { suite: base, startingFiles, notes = [], configKeys = [] } = read as Extract<typeof read, { ok: true }>;
const keys = configKeyHeaders(configKeys, process.env);
for (const note of [...notes, ...keys.notes]) console.log(note);
const suite = {
  ...base,
  ...(mode ? { mode: mode as 'full-loop' | 'first-step' } : {}),
  repeats: whole('repeats', values.repeats as string | undefined, 1, 20) ?? base.repeats,
  concurrency: whole('concurrency', values.concurrency as string | undefined, 1, 8) ?? base.concurrency,
};
const local = await localModelOf(values.provider as string | undefined);
if (local) suite.configs = [local.config];
const shardRead = values.shard === undefined ? undefined : parseShard(values.shard as string);
if (shardRead && !shardRead.ok) fail(shardRead.message);
const shard = shardRead?.ok ? shardRead.shard : undefined;
if (shard && !values.json)
  console.log('A shard writes its report with --json <file>: `npm run eval -- merge` joins them.');

/** `merge`: the shards' reports read, checked to be one grid's every shard, and reported as one run. */
function mergeAndReport(files: string[]): never {
  const read = mergeShards(
    files.map((name) => {
      try {
        return { name, text: readFileSync(name, 'utf8') };
      } catch (error) {
        return fail(`cannot read ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  if (!read.ok) return fail(read.message);
  const { cases, columns, runs } = read.merged;
  const report = suiteReport(cases, columns, runs, { maxFlaky });
  console.log(`${report.table}\n`);
  console.log(summaryLine(report, false));
  if (values.junit) writeFileSync(values.junit as string, junitXml(cases, columns, runs));
  if (values.json) writeFileSync(values.json as string, evalResultsJson(cases, columns, runs));
  return process.exit(report.exitCode);
}

const routeFetch = ((_url: RequestInfo | URL, init?: RequestInit) =>
  handleChatRequest(new Request('http://localhost/api/chat', init), {
    simulatedChunkDelayMs: 0,
    env: process.env,
    keyAdvice: 'environment',
  })) as typeof fetch;

const columns = evalColumns(suite.variants, suite.configs);
const labels = new Map(columns.map((column) => [column.key, column.label]));
const stop = new AbortController();
process.on('SIGINT', () => stop.abort());
const { runs, stopped } = await runEvalSuite(suite, {
  deps: {
    checker: createSchemaChecker(),
    getHeaders: keys.getHeaders,
    fetch: local ? createInPageFetch(routeFetch, local.access) : routeFetch,
    createSandbox: async (files) => createOfflineSandbox(files ?? startingFiles),
  },
  signal: stop.signal,
  shard,
  onRun: (run, done, total) =>
    console.log(
      `[${done}/${total}] ${run.caseId}${run.repeat > 0 ? ` #${run.repeat + 1}` : ''} × ${labels.get(`${run.variantId}|${run.configId}`)}: ${runLine(run)}`,
    ),
});

const report = suiteReport(suite.cases, columns, runs, { maxFlaky });
console.log(`\n${report.table}\n`);
console.log(summaryLine(report, stopped));
if (values.junit) writeFileSync(values.junit as string, junitXml(suite.cases, columns, runs));
if (values.json)
  writeFileSync(
    values.json as string,
    shard ? shardReportJson(suite, columns, runs, shard) : evalResultsJson(suite.cases, columns, runs),
  );
await local?.dispose();
process.exit(stopped ? 1 : report.exitCode);
