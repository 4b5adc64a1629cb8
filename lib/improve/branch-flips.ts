import type { UIMessage } from 'ai';
import {
  createRecordedResults,
  createReplayFetch,
  type ReplayState,
  recordedCalls,
  recordedSteps,
} from '../agent/replay-fetch';
import { sentDifferences } from '../agent/sent-record';
import { estimateCost } from '../evals/model-prices';
import { type EvalRunDeps, runInOwnSession } from '../evals/run-eval-case';
import { textOf } from '../messages/split-steps';
import type { RunSettings } from '../shapes/run-settings';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import type { ToolDraft } from '../shapes/tool-spec';
import { readStepReport } from '../wire/extract-wire-steps';
import { recordedRequestPaths } from './flip-paths';

/*
 * Which runs does this change flip? over conversations — the session's branches, a lesson's runs,
 * an imported trace — rather than graded eval runs. Each is sent again turn by turn with the
 * tools and settings as they are now, answered from its own recording while each request is the
 * recorded one and each call the recorded one (their results given back), live from the first
 * that is not. A conversation has no verdict: what it is compared by is the calls the model made.
 */

/** A recorded conversation: a branch (its label), its messages. */
export type BranchRun = { id: string; label: string; messages: readonly UIMessage[] };

export type BranchFlipKind = 'same' | 'diverged, same calls' | 'other calls' | 'not replayed';

export type BranchFlipRow = {
  branch: { id: string; label: string };
  kind: BranchFlipKind;
  /** The calls the model made, as `name(arguments)`, recorded and replayed. */
  before: string[];
  after: string[];
  divergedAt?: number;
  why?: string[];
  paths?: string[];
  served: number;
  live: number;
  /** Why it could not be replayed to the end (a provider's error, nothing to replay). */
  problem?: string;
  replayed: UIMessage[];
};

export type BranchFlipInputs = {
  branches: readonly BranchRun[];
  tools: ToolDraft[];
  settings: RunSettings;
  deps: EvalRunDeps;
  /** What the session kept by fingerprint: with it, each divergence is read as paths into the two requests. */
  sentValues: Readonly<Record<string, unknown>>;
  outcomes: Readonly<Record<string, ToolOutcomeKind>>;
  pause?: () => Promise<void>;
};

/** The calls of assistant messages, each as `name(arguments)`. */
export const callsIn = (messages: readonly UIMessage[]): string[] =>
  messages.flatMap((message) =>
    message.role === 'assistant'
      ? message.parts.filter(isToolUIPart).map((part) => `${getToolName(part)}(${JSON.stringify(part.input ?? {})})`)
      : [],
  );

/** One conversation sent again with the tools and settings as they are now; `dry`: nothing past the divergence. */
async function replayBranch(
  branch: BranchRun,
  inputs: BranchFlipInputs,
  { dry, signal }: { dry: boolean; signal: AbortSignal },
) {
  const from = branch.messages.findIndex((message) => message.role === 'user');
  if (from === -1) return undefined;
  let state: ReplayState = {
    steps: recordedSteps(branch.messages, from),
    calls: recordedCalls(branch.messages, from, inputs.outcomes),
    callsServed: 0,
    callsDiverged: false,
    onDivergence: dry ? 'stop' : 'go-live',
    served: 0,
    live: 0,
  };
  const set = (next: ReplayState) => {
    state = next;
  };
  const [first, ...rest] = branch.messages.slice(from).filter((message) => message.role === 'user');
  const run = await runInOwnSession({
    tools: inputs.tools,
    settings: inputs.settings,
    messages: branch.messages.slice(0, from) as UIMessage[],
    prompt: textOf(first.parts),
    // The recorded user turns, in order.
    nextUserTurn: async (_messages, turn) =>
      turn <= rest.length ? textOf(rest[turn - 1].parts) : { done: 'out-of-script' },
    maxTurns: rest.length + 1,
    mode: 'full-loop',
    deps: { ...inputs.deps, fetch: createReplayFetch(inputs.deps.fetch ?? fetch, () => state, set) },
    recordedResult: createRecordedResults(() => state, set),
    signal,
  });
  return { state, run, from };
}

/** What differed where the replay left the recording: sentences, and paths into the two requests. */
function divergence(state: ReplayState, branch: BranchRun, sentValues: BranchFlipInputs['sentValues']) {
  const at = state.diverged;
  if (!at) return { why: [], paths: [] };
  const recordedStep = state.steps[at.at];
  const sent = recordedStep ? readStepReport(recordedStep.parts)?.sent : undefined;
  if (!sent || !at.recordedStepId) return { why: ['the recorded run had no request here'], paths: [] };
  const why = sentDifferences(
    sent,
    { tools: at.request.tools, settings: at.request.settings as RunSettings },
    sentValues,
  );
  const paths =
    recordedRequestPaths({
      recordedMessages: branch.messages,
      recordedStepId: at.recordedStepId,
      request: at.request,
      sentValues,
    }) ?? [];
  return { why: why.length > 0 ? why : ['the conversation before it differs'], paths };
}

/**
 * Before anything is sent: which conversations go live, and what that may cost — the recorded
 * steps' tokens from each divergence on, at the list price of the model as it is set now.
 */
export async function predictBranchFlips(inputs: BranchFlipInputs, signal: AbortSignal) {
  let goLive = 0;
  let unrecorded = 0;
  const cost = { dollars: 0, unpriced: 0 };
  for (const branch of inputs.branches) {
    signal.throwIfAborted();
    await inputs.pause?.();
    const replay = await replayBranch(branch, inputs, { dry: true, signal });
    // An imported trace (or a session from before requests were fingerprinted) cannot be answered from.
    if (replay?.state.steps.some((step) => step.key === undefined)) unrecorded += 1;
    const at = replay?.state.diverged?.at;
    if (at === undefined || !replay) continue;
    goLive += 1;
    const tokens = replay.state.steps.slice(at).map((step) => readStepReport(step.parts));
    const dollars = estimateCost(
      inputs.settings.provider,
      inputs.settings.model,
      tokens.reduce((sum, report) => sum + (report?.inputTokens ?? 0), 0),
      tokens.reduce((sum, report) => sum + (report?.outputTokens ?? 0), 0),
    );
    if (dollars === undefined) cost.unpriced += 1;
    else cost.dollars += dollars;
  }
  return { runs: inputs.branches.length, goLive, liveRequests: goLive, exact: false, cost, unrecorded };
}

/** Each conversation replayed with the change, one at a time (Stop stops between them); a row each. */
export async function findBranchFlips(
  inputs: BranchFlipInputs,
  signal: AbortSignal,
  onRow?: (row: BranchFlipRow) => void,
): Promise<BranchFlipRow[]> {
  const rows: BranchFlipRow[] = [];
  for (const branch of inputs.branches) {
    signal.throwIfAborted();
    await inputs.pause?.();
    const replay = await replayBranch(branch, inputs, { dry: false, signal });
    const before = callsIn(branch.messages);
    const base = { branch: { id: branch.id, label: branch.label }, before };
    let row: BranchFlipRow;
    if (!replay) {
      row = {
        ...base,
        kind: 'not replayed',
        after: [],
        served: 0,
        live: 0,
        problem: 'It has no message to send.',
        replayed: [],
      };
    } else {
      const after = callsIn(replay.run.messages.slice(replay.from));
      const diverged = replay.state.diverged !== undefined;
      const { why, paths } = divergence(replay.state, branch, inputs.sentValues);
      const kind: BranchFlipKind = replay.run.error
        ? 'not replayed'
        : !diverged
          ? 'same'
          : JSON.stringify(before) === JSON.stringify(after)
            ? 'diverged, same calls'
            : 'other calls';
      row = {
        ...base,
        kind,
        after,
        ...(diverged ? { divergedAt: replay.state.diverged?.at, why, paths } : {}),
        served: replay.state.served,
        live: replay.state.live,
        ...(replay.run.error ? { problem: replay.run.error } : {}),
        replayed: replay.run.messages,
      };
    }
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}
