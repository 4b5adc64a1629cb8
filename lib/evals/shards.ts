import { z } from 'zod';
import { digestOf } from '../shapes/canonical-json';
import { fnv1a } from '../shapes/fnv1a';
import { type EvalCase, evalCaseSchema } from '../shapes/eval-case';
import type { EvalConfig, EvalJob, EvalRun, EvalRunMode, EvalVariant } from '../shapes/eval-run';
import type { RunSettings } from '../shapes/run-settings';
import { evalRunSchema } from '../shapes/evals-schema';
import { cellKey } from './eval-grid';
import type { EvalColumn } from './eval-results';

/*
 * A grid that outgrows one machine (README, "Running a grid on several machines"): `--shard i/n`
 * runs the cells whose stable hash falls to shard i of n — every repeat of a cell on the same
 * machine, each repeat with the seed it has in a one-machine run — so n machines cover the grid
 * exactly once, whatever n is; `merge` joins their reports into the one a single run gives.
 */

/** Shard `index` (1-based) of `count`. */
export type Shard = { index: number; count: number };

/** Most shards a grid is split into. */
export const MAX_SHARDS = 1_000;
/** Most runs a merged report holds (a shard's report is read linearly; this bounds what one file can ask). */
const MAX_MERGED_RUNS = 1_000_000;

/** `i/n` as a shard, or the sentence that says what is wrong with it. */
export function parseShard(text: string): { ok: true; shard: Shard } | { ok: false; message: string } {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!match || count < 1 || count > MAX_SHARDS || index < 1 || index > count)
    return {
      ok: false,
      message: `--shard takes i/n, a shard from 1 to n of n machines (n at most ${MAX_SHARDS}): "${text.slice(0, 40)}" is not one.`,
    };
  return { ok: true, shard: { index, count } };
}

/** Whether a job is in the shard: its cell's hash, so all repeats of a cell run together (pass^k per cell). */
export const inShard = (job: Pick<EvalJob, 'caseId' | 'variantId' | 'configId'>, shard: Shard) =>
  fnv1a(cellKey(job)) % shard.count === shard.index - 1;

/** What makes a grid the grid it is (a suite, its concurrency aside). */
export type Grid = {
  cases: readonly EvalCase[];
  variants: readonly EvalVariant[];
  configs: readonly EvalConfig[];
  mode: EvalRunMode;
  repeats: number;
  baseSettings: RunSettings;
};

/** The grid a report is of: its cases, columns, mode, repeats and base settings, as one fingerprint. */
export const gridFingerprint = (suite: Grid) =>
  digestOf({
    cases: suite.cases,
    variants: suite.variants,
    configs: suite.configs,
    mode: suite.mode,
    repeats: suite.repeats,
    baseSettings: suite.baseSettings,
  });

const shardReportSchema = z.object({
  grid: z.string().min(1).max(100),
  shard: z.object({ index: z.number().int().min(1), count: z.number().int().min(1).max(MAX_SHARDS) }),
  repeats: z.number().int().min(1),
  cases: z.array(evalCaseSchema),
  columns: z.array(
    z.object({
      key: z.string().max(300),
      label: z.string().max(500),
      variant: z.object({ id: z.string().max(100), name: z.string().max(500) }),
      config: z.object({ id: z.string().max(100), name: z.string().max(500) }),
    }),
  ),
  runs: z.array(evalRunSchema.omit({ messages: true }).extend({ messages: evalRunSchema.shape.messages.optional() })),
});
export type ShardReport = z.infer<typeof shardReportSchema>;

/** A shard's report as `npm run eval --shard i/n --json` writes it (runs without their conversations). */
export function shardReportJson(
  suite: Grid,
  columns: readonly EvalColumn[],
  runs: readonly EvalRun[],
  shard: Shard,
): string {
  const report = {
    grid: gridFingerprint(suite),
    shard,
    repeats: suite.repeats,
    cases: suite.cases,
    columns: columns.map(({ key, label, variant, config }) => ({
      key,
      label,
      variant: { id: variant.id, name: variant.name },
      config: { id: config.id, name: config.name },
    })),
    runs: runs.map(({ messages: _messages, ...run }) => run),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

export type Merged = { cases: EvalCase[]; columns: EvalColumn[]; runs: EvalRun[] };

/**
 * The shards' reports as one: each read (a file that is not one is named), all of the same grid
 * and the same number of shards, each shard once and none missing — then every run, in the order
 * a one-machine run starts them.
 */
export function mergeShards(
  files: readonly { name: string; text: string }[],
): { ok: true; merged: Merged } | { ok: false; message: string } {
  const reports: (ShardReport & { name: string })[] = [];
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(file.text);
    } catch {
      return { ok: false, message: `${file.name} is not JSON: write each shard's report with --json.` };
    }
    const read = shardReportSchema.safeParse(json);
    if (!read.success)
      return { ok: false, message: `${file.name} is not a shard's report (npm run eval --shard i/n --json <file>).` };
    reports.push({ ...read.data, name: file.name });
  }
  const [first] = reports;
  if (!first) return { ok: false, message: 'merge takes the shards’ report files (JSON), one for each shard.' };
  for (const report of reports) {
    if (report.grid !== first.grid)
      return {
        ok: false,
        message: `${report.name} is a shard of another grid than ${first.name} (its cases, columns, mode, repeats or settings differ): merge the shards of one grid.`,
      };
    if (report.shard.count !== first.shard.count)
      return {
        ok: false,
        message: `${report.name} is shard ${report.shard.index}/${report.shard.count}, ${first.name} ${first.shard.index}/${first.shard.count}: the grid was split two ways.`,
      };
  }
  const count = first.shard.count;
  const seen = new Map<number, string>();
  for (const report of reports) {
    const before = seen.get(report.shard.index);
    if (before)
      return { ok: false, message: `${before} and ${report.name} are both shard ${report.shard.index}/${count}.` };
    seen.set(report.shard.index, report.name);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    return {
      ok: false,
      message: `Shard${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: the report would leave part of the grid out.`,
    };
  const total = reports.reduce((sum, report) => sum + report.runs.length, 0);
  if (total > MAX_MERGED_RUNS)
    return { ok: false, message: `The shards hold ${total} runs; a merge takes at most ${MAX_MERGED_RUNS}.` };
  // The columns as the report needs them (their tools and settings are the grid's, which the fingerprint names).
  const columns = first.columns.map((column) => ({
    ...column,
    variant: { ...column.variant, tools: [] },
    config: { ...column.config, settings: {} },
  }));
  return { ok: true, merged: { cases: first.cases, columns, runs: inGridOrder(first, reports) } };
}

/** The runs in the order a one-machine run starts them: case by case, each column, each repeat. */
function inGridOrder(first: ShardReport, reports: readonly ShardReport[]): EvalRun[] {
  const byJob = new Map<string, EvalRun>();
  for (const report of reports)
    for (const run of report.runs)
      byJob.set(`${cellKey(run)}|${run.repeat}`, { ...run, messages: (run.messages ?? []) as EvalRun['messages'] });
  // A column's key is `<variant>|<configuration>`: a cell's key is the case's id before it.
  return first.cases.flatMap((testCase) =>
    first.columns.flatMap((column) =>
      Array.from(
        { length: first.repeats },
        (_, repeat) => byJob.get(`${testCase.id}|${column.key}|${repeat}`) ?? [],
      ).flat(),
    ),
  );
}
