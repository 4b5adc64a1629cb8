import type { EvalCase } from '../shapes/eval-case';
import type { EvalConfig, EvalRun, EvalRunMode, EvalVariant } from '../shapes/eval-run';
import type { RunSettings } from '../shapes/run-settings';
import { gridJobs, runEvalGrid } from './eval-grid';
import { type EvalRunDeps, runEvalCase } from './run-eval-case';
import { inShard, type Shard } from './shards';

/** What `Run evals` runs: the cases over every variant × configuration, each repeated. */
export type EvalSuite = {
  cases: readonly EvalCase[];
  variants: readonly EvalVariant[];
  configs: readonly EvalConfig[];
  mode: EvalRunMode;
  repeats: number;
  concurrency: number;
  /** The settings a configuration's own settings are laid over (the session's). */
  baseSettings: RunSettings;
};

/** The grid's variants: the saved ones, or the tools as they are ("Current tools"). */
export const suiteVariants = (saved: readonly EvalVariant[], tools: EvalVariant['tools']): EvalVariant[] =>
  saved.length > 0 ? [...saved] : [{ id: 'current', name: 'Current tools', tools }];

/** The grid's configurations: the saved ones, or the run settings as they are ("Current settings"). */
export const suiteConfigs = (saved: readonly EvalConfig[]): EvalConfig[] =>
  saved.length > 0 ? [...saved] : [{ id: 'current', name: 'Current settings', settings: {} }];

/**
 * The grid as the page's `Run evals` and `npm run eval` both run it: every job through
 * `runEvalCase` (the real route and loop, a session of its own each), `concurrency` at a time,
 * each run reported as it ends.
 */
export function runEvalSuite(
  suite: EvalSuite,
  {
    deps,
    signal,
    onRun,
    shard,
  }: {
    deps: EvalRunDeps;
    signal?: AbortSignal;
    onRun?: (run: EvalRun, done: number, total: number) => void;
    /** Only this shard's cells (`--shard i/n`); each run keeps the repeat, and so the seed, it has in the whole grid. */
    shard?: Shard;
  },
): Promise<{ runs: EvalRun[]; stopped: boolean }> {
  const jobs = gridJobs(
    suite.cases.map((each) => each.id),
    suite.variants.map((variant) => variant.id),
    suite.configs.map((config) => config.id),
    suite.repeats,
  ).filter((job) => !shard || inShard(job, shard));
  return runEvalGrid({
    jobs,
    concurrency: suite.concurrency,
    signal,
    onRun,
    runOne: (job, stop) =>
      runEvalCase({
        job,
        testCase: suite.cases.find((each) => each.id === job.caseId) as EvalCase,
        variant: suite.variants.find((variant) => variant.id === job.variantId) as EvalVariant,
        config: suite.configs.find((config) => config.id === job.configId) as EvalConfig,
        mode: suite.mode,
        baseSettings: suite.baseSettings,
        deps,
        signal: stop,
      }),
  });
}
