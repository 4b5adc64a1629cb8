import { describe, expect, it } from 'vitest';
import { createRouteFetch } from '@/testing/run-conversation';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { createSessionStore } from '../session/session-store';
import { DEFAULT_RUN_SETTINGS } from '../shapes/default-run-settings';
import { evalCaseSchema } from '../shapes/eval-case';
import type { EvalRun } from '../shapes/eval-run';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { evalColumns, evalResultsJson } from './eval-results';
import { runEvalSuite, type EvalSuite } from './run-suite';
import { inShard, mergeShards, parseShard, type Shard, shardReportJson } from './shards';
import { suiteReport } from './suite-report';

const PROMPTS = [
  ['list', 'List the files in the workspace.', 'list_files'],
  ['readme', 'Show me README.md', 'read_file'],
  ['search', 'Search the files for TODO', 'search'],
  ['names', 'What is in data/names.txt?', 'read_file'],
  ['node', 'run `node --version`', 'bash'],
  ['write', 'Write hello to notes.txt', 'write_file'],
  ['think', 'Think about what to do first', 'think'],
  ['all', 'show me README.md and list the files', 'list_files'],
] as const;
/** A seeded grid: eight cases, two configurations (one samples at temperature 1 from seed 7), three repeats. */
const suite: EvalSuite = {
  cases: PROMPTS.map(([id, prompt, tool]) => evalCaseSchema.parse({ id, prompt, expect: { calls: [{ tool }] } })),
  variants: [{ id: 'current', name: 'Current tools', tools: createSessionStore().getState().tools }],
  configs: [
    { id: 'sampled', name: 'Temperature 1', settings: { temperature: 1, seed: 7 } },
    { id: 'greedy', name: 'Temperature 0', settings: { temperature: 0 } },
  ],
  mode: 'first-step',
  repeats: 3,
  concurrency: 2,
  baseSettings: DEFAULT_RUN_SETTINGS,
};
const columns = evalColumns(suite.variants, suite.configs);
const deps = () => ({
  checker: createSchemaChecker(),
  fetch: createRouteFetch(),
  createSandbox: () => createOfflineSandbox(EXAMPLE_FILES),
});
/** What a run came to, its time aside (the one figure two machines never agree on). */
const outcome = ({ ms: _ms, messages: _messages, ...run }: EvalRun) => run;
const shardFiles = async (count: number) => {
  const files: { name: string; text: string }[] = [];
  for (let index = 1; index <= count; index++) {
    const shard: Shard = { index, count };
    const { runs } = await runEvalSuite(suite, { deps: deps(), shard });
    files.push({ name: `shard-${index}.json`, text: shardReportJson(suite, columns, runs, shard) });
  }
  return files;
};

describe('A grid split over machines (--shard i/n) and merged', () => {
  it('reads i/n, and says what is wrong with anything else', () => {
    expect(parseShard('2/5')).toEqual({ ok: true, shard: { index: 2, count: 5 } });
    for (const bad of ['0/3', '4/3', '1/0', '1/1001', 'a/b', '1/2/3', '', ' 1 / 2'])
      expect(parseShard(bad)).toMatchObject({ ok: false, message: expect.stringMatching(/^--shard takes i\/n/) });
  });

  it('covers every cell exactly once, whatever the number of shards, with all repeats of a cell together', () => {
    const cells = suite.cases.flatMap((testCase) =>
      suite.configs.map((config) => ({ caseId: testCase.id, variantId: 'current', configId: config.id })),
    );
    for (const count of [1, 2, 3, 5, 16]) {
      const homes = cells.map(
        (cell) =>
          Array.from({ length: count }, (_, index) => index + 1).filter((index) => inShard(cell, { index, count }))
            .length,
      );
      expect(homes.every((each) => each === 1)).toBe(true);
    }
  });

  it('for 1, 2 and 5 shards, the merged report is the one-process report, cell for cell', async () => {
    const whole = await runEvalSuite(suite, { deps: deps() });
    const one = suiteReport(suite.cases, columns, whole.runs);
    const byJob = (runs: readonly EvalRun[]) =>
      Object.fromEntries(runs.map((run) => [`${run.caseId}|${run.configId}|${run.repeat}`, outcome(run)]));
    // The seeded configuration really spreads: not every repeat of a case agrees.
    expect(
      new Set(whole.runs.filter((run) => run.configId === 'sampled').map((run) => `${run.caseId}${run.pass}`)).size,
    ).toBeGreaterThan(8);
    for (const count of [1, 2, 5]) {
      const merged = mergeShards(await shardFiles(count));
      if (!merged.ok) throw new Error(merged.message);
      expect(merged.merged.runs).toHaveLength(whole.runs.length);
      expect(byJob(merged.merged.runs)).toEqual(byJob(whole.runs));
      const report = suiteReport(merged.merged.cases, merged.merged.columns, merged.merged.runs);
      expect(report.table).toBe(one.table);
      expect({ ...report, table: undefined }).toEqual({ ...one, table: undefined });
      // The JSON report a merge writes is the one-process one, its times aside.
      const json = (runs: EvalRun[]) =>
        JSON.parse(evalResultsJson(suite.cases, columns, runs), (key, value) => (key === 'ms' ? undefined : value));
      expect(json(merged.merged.runs).runs).toEqual(json([...whole.runs].sort((a, b) => order(a) - order(b))).runs);
    }
  }, 120_000);

  it('refuses shards of different grids, split two ways, twice the same, or one missing — each in a sentence', async () => {
    const [first, second] = await shardFiles(2);
    const other = { ...suite, repeats: 2 };
    const foreign = shardReportJson(other, columns, [], { index: 2, count: 2 });
    expect(mergeShards([first, { name: 'foreign.json', text: foreign }])).toEqual({
      ok: false,
      message: expect.stringMatching(/^foreign\.json is a shard of another grid than shard-1\.json/),
    });
    const three = shardReportJson(suite, columns, [], { index: 2, count: 3 });
    expect(mergeShards([first, { name: 'three.json', text: three }])).toMatchObject({
      ok: false,
      message: 'three.json is shard 2/3, shard-1.json 1/2: the grid was split two ways.',
    });
    expect(mergeShards([first, { ...first, name: 'again.json' }])).toMatchObject({
      ok: false,
      message: 'shard-1.json and again.json are both shard 1/2.',
    });
    expect(mergeShards([second])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Shard 1\/2 is missing/),
    });
    expect(mergeShards([{ name: 'x.json', text: '{"runs": [' }])).toMatchObject({
      ok: false,
      message: "x.json is not JSON: write each shard's report with --json.",
    });
    expect(mergeShards([{ name: 'y.json', text: '{"runs": []}' }])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^y\.json is not a shard's report/),
    });
    expect(mergeShards([first, second])).toMatchObject({ ok: true });
  }, 60_000);
});

/** A run's place in the order a one-machine run starts them. */
function order(run: EvalRun): number {
  const caseIndex = suite.cases.findIndex((each) => each.id === run.caseId);
  const configIndex = suite.configs.findIndex((each) => each.id === run.configId);
  return (caseIndex * suite.configs.length + configIndex) * suite.repeats + run.repeat;
}
