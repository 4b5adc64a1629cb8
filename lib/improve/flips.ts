import { createReplayFetch, type ReplayState, recordedCalls, recordedSteps } from '../agent/replay-fetch';
import { sentDifferences } from '../agent/sent-record';
import { readStepReport } from '../wire/extract-wire-steps';
import { estimateCost } from '../evals/model-prices';
import { type EvalRunDeps, runEvalCase } from '../evals/run-eval-case';
import { type RunVerdict, runVerdict } from '../evals/run-verdict';
import type { EvalCase } from '../shapes/eval-case';
import type { EvalConfig, EvalRun, EvalRunMode, EvalVariant } from '../shapes/eval-run';
import type { RunSettings } from '../shapes/run-settings';
import { readToolName } from '../shapes/tool-source';
import type { ToolDraft, ToolSpec } from '../shapes/tool-spec';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import { requestToolSpecs } from '../tools/request-tool-specs';
import { flipPaths, recordedRequestPaths } from './flip-paths';
import { digestOf } from '../shapes/canonical-json';

/*
 * Which runs does this change flip? Each recorded eval run is run again with one change (the
 * variant's tools, or the run settings), answered from its own recording while each model request
 * is the recorded one (the fingerprints of Replay against the model) and live from the first that
 * is not. Before it starts, the same replay is made with nothing sent past a divergence: how many
 * runs will go live is known, and in first-step mode how many requests exactly.
 */

/** The change: the tools a run offers (from its variant's) and/or settings laid over its configuration's. */
export type FlipChange = {
  tools?: (variant: EvalVariant) => EvalVariant['tools'];
  settings?: Partial<RunSettings>;
};

/**
 * "The tools as they are now": each of a variant's tools replaced by the session's tool of the
 * same name where its text differs; the names that differ, for saying what the change is.
 */
export function withToolsAsNow(sessionTools: readonly ToolDraft[]) {
  const now = new Map(sessionTools.map((tool) => [readToolName(tool.source), tool]));
  const changedIn = (variant: EvalVariant) =>
    variant.tools.flatMap((tool) => {
      const name = readToolName(tool.source);
      const current = name === undefined ? undefined : now.get(name);
      return current && current.source !== tool.source ? [name as string] : [];
    });
  return {
    changedIn,
    tools: (variant: EvalVariant) =>
      variant.tools.map((tool) => {
        const current = now.get(readToolName(tool.source));
        return current && current.source !== tool.source ? { ...tool, source: current.source } : tool;
      }),
  };
}

export type FlipKind = 'fixed' | 'broke' | 'same' | 'diverged, same verdict' | 'not graded';

/** One run: its verdict before and after, what kind of flip, where its requests first differed, what went live. */
export type FlipRow = {
  run: Pick<EvalRun, 'caseId' | 'variantId' | 'configId' | 'repeat'>;
  before: RunVerdict;
  after: RunVerdict;
  kind: FlipKind;
  /** Which model request (0-based) first differed from the recording; none when every one was served. */
  divergedAt?: number;
  /** What differed there, a sentence each: a tool changed, added or gone, a setting, or the conversation. */
  why?: string[];
  /** Where, as JSON paths into the request sent there (`tools[0].description`); the first few. */
  paths?: string[];
  /** Requests served from the recording, and sent to the provider. */
  served: number;
  live: number;
  /** The new run (its conversation opens beside the recorded one). */
  replayed: EvalRun;
};

/** What a flip is: a graded run whose verdict changed is fixed or broke; one never sent is the same. */
export function flipKind(before: RunVerdict, after: RunVerdict, diverged: boolean): FlipKind {
  const graded = (verdict: RunVerdict) => verdict === 'passed' || verdict === 'failed';
  if (!graded(before) || !graded(after)) return 'not graded';
  if (before === 'failed' && after === 'passed') return 'fixed';
  if (before === 'passed' && after === 'failed') return 'broke';
  return diverged ? 'diverged, same verdict' : 'same';
}

export type FlipInputs = {
  runs: readonly EvalRun[];
  cases: readonly EvalCase[];
  variants: readonly EvalVariant[];
  configs: readonly EvalConfig[];
  mode: EvalRunMode;
  baseSettings: RunSettings;
  deps: EvalRunDeps;
  /** Between runs (the page gives its thread back here, so a long set never blocks it). */
  pause?: () => Promise<void>;
  /** What the session kept by fingerprint: with it, each divergence is read as paths into the two requests. */
  sentValues?: Readonly<Record<string, unknown>>;
};

/** Where a run's recording starts: its prompt, the last user message before its first answer. */
const promptIndex = (run: EvalRun) => {
  const firstAnswer = run.messages.findIndex((message) => message.role === 'assistant');
  const end = firstAnswer === -1 ? run.messages.length : firstAnswer;
  return run.messages.slice(0, end).findLastIndex((message) => message.role === 'user');
};

/** One run replayed with the change; `dry`: nothing is sent past the divergence (the prediction). */
async function replayRun(
  run: EvalRun,
  inputs: FlipInputs,
  change: FlipChange,
  { dry, signal }: { dry: boolean; signal: AbortSignal },
): Promise<{ state: ReplayState; replayed: EvalRun } | undefined> {
  const testCase = inputs.cases.find((each) => each.id === run.caseId);
  const variant = inputs.variants.find((each) => each.id === run.variantId);
  const config = inputs.configs.find((each) => each.id === run.configId);
  const from = promptIndex(run);
  if (!testCase || !variant || !config || from === -1) return undefined;
  let state: ReplayState = {
    steps: recordedSteps(run.messages, from),
    calls: recordedCalls(run.messages, from, {}),
    callsServed: 0,
    callsDiverged: false,
    onDivergence: dry ? 'stop' : 'go-live',
    served: 0,
    live: 0,
  };
  const inner = inputs.deps.fetch ?? fetch;
  const replayed = await runEvalCase({
    job: { caseId: run.caseId, variantId: run.variantId, configId: run.configId, repeat: run.repeat },
    testCase,
    variant: change.tools ? { ...variant, tools: change.tools(variant) } : variant,
    config: change.settings ? { ...config, settings: { ...config.settings, ...change.settings } } : config,
    mode: inputs.mode,
    baseSettings: inputs.baseSettings,
    deps: {
      ...inputs.deps,
      fetch: createReplayFetch(
        inner,
        () => state,
        (next) => {
          state = next;
        },
      ),
    },
    signal,
  });
  return { state, replayed };
}

/** The recorded step's tool fingerprints where the replay diverged (by name). */
const sentAt = (state: ReplayState): Record<string, string> => {
  const recorded = state.diverged ? state.steps[state.diverged.at] : undefined;
  return (recorded ? readStepReport(recorded.parts)?.sent?.tools : undefined) ?? {};
};

/**
 * What differed at the divergence, from the recorded step's fingerprints: which tools changed, were
 * added or went, which setting; the conversation when neither (an earlier answer went otherwise).
 */
function whyDiverged(state: ReplayState): string[] {
  const diverged = state.diverged;
  if (!diverged) return [];
  const recorded = state.steps[diverged.at];
  const sent = recorded ? readStepReport(recorded.parts)?.sent : undefined;
  if (!sent) return ['the recorded run had no request here'];
  const differences = sentDifferences(sent, {
    tools: diverged.request.tools,
    settings: diverged.request.settings as RunSettings,
  });
  return differences.length > 0 ? differences : ['the conversation before it differs'];
}

/**
 * Before anything is sent: which runs will go live (their requests differ from the recording
 * somewhere), and how many requests that is when each run is one request (first-step mode).
 */
export async function predictFlips(inputs: FlipInputs, change: FlipChange, signal: AbortSignal) {
  let goLive = 0;
  const cost = { dollars: 0, unpriced: 0 };
  for (const run of inputs.runs) {
    signal.throwIfAborted();
    await inputs.pause?.();
    const replay = await replayRun(run, inputs, change, { dry: true, signal });
    if (!replay?.state.diverged) continue;
    goLive += 1;
    // What it costs again: the recorded run's tokens, at the list price of the model it will ask.
    const config = inputs.configs.find((each) => each.id === run.configId);
    const asked = { ...inputs.baseSettings, ...config?.settings, ...change.settings };
    const dollars = estimateCost(asked.provider, asked.model, run.inputTokens, run.outputTokens);
    if (dollars === undefined) cost.unpriced += 1;
    else cost.dollars += dollars;
  }
  return {
    runs: inputs.runs.length,
    goLive,
    /** Exact in first-step mode (one request a run); in full-loop mode, at least this many. */
    liveRequests: goLive,
    exact: inputs.mode === 'first-step',
    /** Estimated from the recorded runs' tokens at list prices; `unpriced`: runs of a model with no known price. */
    cost,
  };
}

/** Replays every run with the change, one at a time (Stop stops between runs); a row per run. */
export async function findFlips(
  inputs: FlipInputs,
  change: FlipChange,
  signal: AbortSignal,
  onRow?: (row: FlipRow, done: number, of: number) => void,
): Promise<FlipRow[]> {
  const rows: FlipRow[] = [];
  // Each variant's tools as its recorded runs offered them (the paths inside a changed tool are read against these).
  const offered = new Map<string, ToolSpec[]>();
  const recordedTools = (variantId: string, sent: Record<string, string>) => {
    const variant = inputs.variants.find((each) => each.id === variantId);
    if (!offered.has(variantId))
      offered.set(
        variantId,
        variant ? requestToolSpecs(checkToolDrafts(variant.tools, inputs.deps.checker).runnable) : [],
      );
    // Only a tool whose fingerprint is the recorded one is the tool the run offered.
    const known = new Map((offered.get(variantId) ?? []).map((tool) => [tool.name, tool]));
    return new Map(
      Object.entries(sent).map(([name, digest]) => {
        const tool = known.get(name);
        return [name, tool && digestOf(tool) === digest ? tool : undefined];
      }),
    );
  };
  for (const run of inputs.runs) {
    signal.throwIfAborted();
    await inputs.pause?.();
    const replay = await replayRun(run, inputs, change, { dry: false, signal });
    if (!replay) continue;
    const before = runVerdict(run);
    const after = runVerdict(replay.replayed);
    const diverged = replay.state.diverged !== undefined;
    const why = whyDiverged(replay.state);
    const at = replay.state.diverged;
    // The recorded request made again from what the session kept; else read against the variant's tools.
    const paths = at
      ? (recordedRequestPaths({
          recordedMessages: run.messages,
          recordedStepId: at.recordedStepId,
          request: at.request,
          sentValues: inputs.sentValues ?? {},
        }) ??
        flipPaths({
          recordedTools: recordedTools(run.variantId, sentAt(replay.state)),
          changedSettings: Object.keys(change.settings ?? {}),
          recordedMessages: run.messages,
          recordedStepId: at.recordedStepId,
          request: at.request,
        }))
      : [];
    const row: FlipRow = {
      run: { caseId: run.caseId, variantId: run.variantId, configId: run.configId, repeat: run.repeat },
      before,
      after,
      kind: flipKind(before, after, diverged),
      ...(diverged ? { divergedAt: replay.state.diverged?.at, why, paths } : {}),
      served: replay.state.served,
      live: replay.state.live,
      replayed: replay.replayed,
    };
    rows.push(row);
    onRow?.(row, rows.length, inputs.runs.length);
  }
  return rows;
}
