'use client';

import { useRef, useState } from 'react';
import { suiteConfigs, suiteVariants } from '@/lib/evals/run-suite';
import {
  type BranchFlipInputs,
  type BranchFlipRow,
  type BranchRun,
  findBranchFlips,
  predictBranchFlips,
} from '@/lib/improve/branch-flips';
import { type FlipInputs, type FlipRow, findFlips, predictFlips, withToolsAsNow } from '@/lib/improve/flips';
import type { SessionState } from '@/lib/session/session-state';
import type { PlaygroundRuntime } from '../runtime/create-playground-runtime';
import { useRuntime } from '../runtime/runtime-context';
import { evalDeps } from '../shared/use-eval-runner';

/** What a replay will send: the grid's prediction, or the conversations' (`unrecorded`: steps with no fingerprint to answer from). */
export type FlipPrediction = Awaited<ReturnType<typeof predictFlips>> & { unrecorded?: number };

/** Which runs are replayed: the last grid's, the session's branches, or the branches a lesson stops on. */
export type FlipSet = 'grid' | 'branches' | 'lesson';

/** How long the replays may hold the page's thread before it paints and takes input again, in ms. */
const SLICE_MS = 40;

/**
 * Between two replays: gives the page its thread back once the replays have held it `SLICE_MS`
 * (a message, not a clamped timer), so no task grows long and no time is lost when they are quick.
 */
function threadGiver(): () => Promise<void> {
  let since = performance.now();
  return () => {
    if (performance.now() - since < SLICE_MS) return Promise.resolve();
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        since = performance.now();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  };
}

/** The conversations of a set: every branch with something to send, or the ones the lesson's stops are on. */
export function branchesOf(
  state: Pick<SessionState, 'activeBranch' | 'messages' | 'branches' | 'lesson'>,
  set: FlipSet,
) {
  const all: BranchRun[] = [
    { id: state.activeBranch.id, label: state.activeBranch.label, messages: state.messages },
    ...state.branches.map((branch) => ({ id: branch.id, label: branch.label, messages: branch.messages })),
  ].filter((branch) => branch.messages.some((message) => message.role === 'user'));
  if (set !== 'lesson') return all;
  const onStops = new Set((state.lesson?.stops ?? []).map((stop) => stop.branch ?? state.activeBranch.id));
  return all.filter((branch) => onStops.has(branch.id));
}

/** The grid's runs with the tools and settings as they are now (each through the route, recorded answers first). */
async function gridInputs(runtime: PlaygroundRuntime): Promise<FlipInputs> {
  const { evals, settings, tools } = runtime.store.getState();
  return {
    runs: evals.runs.filter((run) => run.messages.length > 0),
    cases: evals.cases,
    variants: suiteVariants(evals.variants, tools),
    configs: suiteConfigs(evals.configs),
    mode: evals.mode,
    baseSettings: settings,
    deps: await evalDeps(runtime),
    pause: threadGiver(),
    sentValues: runtime.store.getState().sentValues,
  };
}

async function branchInputs(runtime: PlaygroundRuntime, set: FlipSet): Promise<BranchFlipInputs> {
  const state = runtime.store.getState();
  return {
    branches: branchesOf(state, set),
    tools: state.tools,
    settings: state.settings,
    sentValues: state.sentValues,
    outcomes: state.outcomes,
    deps: await evalDeps(runtime),
    pause: threadGiver(),
  };
}

/** Rows reach the table a frame at a time, not one render per run. */
function frameBatcher<Row>(append: (rows: Row[]) => void) {
  let waiting: Row[] = [];
  let frame: number | undefined;
  const flush = () => {
    frame = undefined;
    const arrived = waiting;
    waiting = [];
    if (arrived.length > 0) append(arrived);
  };
  return {
    add: (row: Row) => {
      waiting.push(row);
      frame ??= requestAnimationFrame(flush);
    },
    end: () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      flush();
    },
  };
}

/**
 * Which runs does this change flip? from the page: the chosen set replayed with the tools as
 * they are now in the Tools pane and the run settings as they are now, each through `/api/chat`
 * answered from its own recording until its first changed request. First counted (nothing
 * sent), then replayed; Stop stops between runs.
 */
export function useFlips(set: FlipSet) {
  const runtime = useRuntime();
  const [prediction, setPrediction] = useState<FlipPrediction>();
  const [rows, setRows] = useState<FlipRow[]>([]);
  const [branchRows, setBranchRows] = useState<BranchFlipRow[]>([]);
  const [busy, setBusy] = useState<'counting' | 'replaying'>();
  const [failed, setFailed] = useState<string>();
  const stopper = useRef<AbortController | undefined>(undefined);

  const guard = async (what: 'counting' | 'replaying', work: (signal: AbortSignal) => Promise<void>) => {
    const stop = new AbortController();
    stopper.current = stop;
    setBusy(what);
    setFailed(undefined);
    setRows([]);
    setBranchRows([]);
    try {
      await work(stop.signal);
    } catch (error) {
      setFailed(stop.signal.aborted ? 'Stopped.' : (error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };
  const count = () =>
    guard('counting', async (signal) => {
      setPrediction(undefined);
      if (set === 'grid') {
        const { tools } = runtime.store.getState();
        setPrediction(await predictFlips(await gridInputs(runtime), { tools: withToolsAsNow(tools).tools }, signal));
      } else setPrediction(await predictBranchFlips(await branchInputs(runtime, set), signal));
    });
  const replay = () =>
    guard('replaying', async (signal) => {
      runtime.store.getState().trustHandlers();
      if (set === 'grid') {
        const { tools } = runtime.store.getState();
        const batch = frameBatcher<FlipRow>((arrived) => setRows((current) => [...current, ...arrived]));
        try {
          await findFlips(await gridInputs(runtime), { tools: withToolsAsNow(tools).tools }, signal, batch.add);
        } finally {
          batch.end();
        }
        return;
      }
      const batch = frameBatcher<BranchFlipRow>((arrived) => setBranchRows((current) => [...current, ...arrived]));
      try {
        await findBranchFlips(await branchInputs(runtime, set), signal, batch.add);
      } finally {
        batch.end();
      }
    });
  const forget = () => {
    setPrediction(undefined);
    setRows([]);
    setBranchRows([]);
    setFailed(undefined);
  };
  return {
    prediction,
    rows,
    branchRows,
    busy,
    failed,
    count,
    replay,
    forget,
    stop: () => stopper.current?.abort(new Error('stopped')),
  };
}
