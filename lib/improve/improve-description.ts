import type { RunVerdict } from '../evals/run-verdict';
import type { CompatTargetId, CompatVerdict } from '../shapes/compat';
import type { ToolSpec } from '../shapes/tool-spec';
import { judgeRewrite, type RewriteJudgement, type TokenBound } from './accept-rewrite';
import { splitHeldOut } from './held-out-split';
import { type MeasuredSide, measureRewrites, runsToMeasure } from './measure-rewrites';
import {
  applyRewrite,
  type Failure,
  proposerPrompt,
  proposerTool,
  type Rewrite,
  readProposals,
} from './rewrite-proposals';

/** One run of a case with the tool as given: its verdict, and when it failed, why (the grader's sentences). */
export type CaseRun = { verdict: RunVerdict; why?: string };

/** What Improve description needs from the page: how a case runs, how the proposer is asked, what a tool costs and where it works. */
export type ImproveDeps<Case> = {
  runCase: (tool: ToolSpec, testCase: Case, repeat: number, signal: AbortSignal) => Promise<CaseRun>;
  /** The proposer's answer to a system line and a prompt: the arguments of its call to `tool`, or its text. */
  ask: (system: string, prompt: string, tool: ToolSpec, signal: AbortSignal) => Promise<string>;
  /** Each tool's definition cost in tokens, in order. */
  tokensOf: (tools: ToolSpec[]) => Promise<number[]>;
  /** Each target's Compatibility verdict for a tool. */
  compatOf: (tool: ToolSpec) => Partial<Record<CompatTargetId, CompatVerdict>>;
};

export type ImproveOptions = {
  seed: number;
  /** How many rewrites to ask for. */
  count: number;
  repeats: number;
  parameters: boolean;
  bound: TokenBound;
};

/** A rewrite and what it came to. */
export type MeasuredRewrite = {
  rewrite: Rewrite;
  measured: MeasuredSide;
  judgement: RewriteJudgement;
  tokens: { before: number; after: number };
  compat: {
    before: Partial<Record<CompatTargetId, CompatVerdict>>;
    after: Partial<Record<CompatTargetId, CompatVerdict>>;
  };
};

export type Improvement = {
  options: ImproveOptions;
  /** The cases (by key) on each side: the proposer saw only the first side's failures. */
  proposalKeys: string[];
  heldOutKeys: string[];
  failures: number;
  /** Why there is nothing to measure, when there is not. */
  problem?: string;
  notes: string[];
  current?: MeasuredSide;
  rewrites: MeasuredRewrite[];
};

/** How many runs Improve description makes before it starts: the proposal side once, the proposer, then the measurement. */
export function improvementRuns(cases: number, keys: string[], options: ImproveOptions) {
  const { proposal, heldOut } = splitHeldOut(keys, (key) => key, { seed: options.seed });
  return {
    proposal: proposal.length,
    heldOut: heldOut.length,
    total: proposal.length + 1 + runsToMeasure(options.count, heldOut.length, options.repeats),
    cases,
  };
}

/**
 * Improve description, end to end: split the cases (seeded), run the proposal side once with the
 * current description to find what goes wrong, ask the proposer for rewrites of those failures
 * only, measure the current description and each rewrite on the held-out side, and judge each by
 * the acceptance rule. Each step reports through `onProgress`; `signal` stops it between runs.
 */
export async function improveDescription<Case>({
  tool,
  cases,
  keyOf,
  describe,
  options,
  deps,
  signal,
  onProgress,
}: {
  tool: ToolSpec;
  cases: readonly Case[];
  keyOf: (testCase: Case) => string;
  /** What the case asks and what it expects, in words (for the proposer). */
  describe: (testCase: Case) => { prompt: string; expected: string };
  options: ImproveOptions;
  deps: ImproveDeps<Case>;
  signal: AbortSignal;
  onProgress?: (done: number, of: number, doing: string) => void;
}): Promise<Improvement> {
  const split = splitHeldOut(cases, keyOf, { seed: options.seed });
  const base = {
    options,
    proposalKeys: split.proposal.map(keyOf),
    heldOutKeys: split.heldOut.map(keyOf),
    notes: [] as string[],
    rewrites: [] as MeasuredRewrite[],
  };
  const total = improvementRuns(cases.length, cases.map(keyOf), options).total;
  let done = 0;
  const failures: Failure[] = [];
  for (const testCase of split.proposal) {
    signal.throwIfAborted();
    const run = await deps.runCase(tool, testCase, 0, signal);
    onProgress?.(++done, total, 'Finding what goes wrong');
    if (run.verdict === 'failed')
      failures.push({ ...describe(testCase), got: run.why ?? 'did not do what was expected' });
  }
  if (failures.length === 0)
    return {
      ...base,
      failures: 0,
      problem: `Every case on the proposal side passed with the current description (${split.proposal.length} of them): there is nothing for a rewrite to fix.`,
    };
  const request = { tool, failures, count: options.count, parameters: options.parameters };
  const { system, prompt } = proposerPrompt(request);
  const proposed = readProposals(await deps.ask(system, prompt, proposerTool(request), signal), request);
  onProgress?.(++done, total, 'Asking for rewrites');
  if (proposed.problem) return { ...base, failures: failures.length, problem: proposed.problem, notes: proposed.notes };
  const measured = await measureRewrites({
    tool,
    rewrites: proposed.rewrites,
    heldOut: split.heldOut,
    repeats: options.repeats,
    run: async (variant, testCase, repeat, runSignal) =>
      (await deps.runCase(variant, testCase, repeat, runSignal)).verdict,
    signal,
    onRun: () => onProgress?.(++done, total, 'Measuring on the held-out cases'),
  });
  const variants = proposed.rewrites.map((rewrite) => applyRewrite(tool, rewrite));
  const [tokensBefore, ...tokensAfter] = await deps.tokensOf([tool, ...variants]);
  const compatBefore = deps.compatOf(tool);
  const rewrites = proposed.rewrites.map((rewrite, index) => {
    const tokens = { before: tokensBefore, after: tokensAfter[index] };
    const compat = { before: compatBefore, after: deps.compatOf(variants[index]) };
    const side = measured.rewrites[index];
    return {
      rewrite,
      measured: side,
      tokens,
      compat,
      judgement: judgeRewrite({ before: measured.current.passes, after: side.passes, compat, tokens }, options.bound),
    };
  });
  return { ...base, failures: failures.length, notes: proposed.notes, current: measured.current, rewrites };
}
