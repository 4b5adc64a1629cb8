'use client';

import { useRef, useState } from 'react';
import { suiteConfigs, suiteVariants } from '@/lib/evals/run-suite';
import { type FlipInputs, type FlipRow, findFlips, predictFlips, withToolsAsNow } from '@/lib/improve/flips';
import { useRuntime } from '../runtime/runtime-context';
import { evalDeps } from '../shared/use-eval-runner';

export type FlipPrediction = Awaited<ReturnType<typeof predictFlips>>;

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

/**
 * Which runs does this change flip? from the page: the last grid's runs replayed with the tools
 * as they are now in the Tools pane and the run settings as they are now, each through `/api/chat`
 * answered from its own recording until its first changed request. First counted (nothing sent),
 * then replayed; Stop stops between runs.
 */
export function useFlips() {
  const runtime = useRuntime();
  const [prediction, setPrediction] = useState<FlipPrediction>();
  const [rows, setRows] = useState<FlipRow[]>([]);
  const [busy, setBusy] = useState<'counting' | 'replaying'>();
  const [failed, setFailed] = useState<string>();
  const stopper = useRef<AbortController | undefined>(undefined);

  const inputs = async (): Promise<{
    inputs: FlipInputs;
    change: { tools: ReturnType<typeof withToolsAsNow>['tools'] };
  }> => {
    const { evals, settings, tools } = runtime.store.getState();
    return {
      inputs: {
        runs: evals.runs.filter((run) => run.messages.length > 0),
        cases: evals.cases,
        variants: suiteVariants(evals.variants, tools),
        configs: suiteConfigs(evals.configs),
        mode: evals.mode,
        baseSettings: settings,
        deps: await evalDeps(runtime),
        pause: threadGiver(),
      },
      change: { tools: withToolsAsNow(tools).tools },
    };
  };
  const guard = async (what: 'counting' | 'replaying', work: (signal: AbortSignal) => Promise<void>) => {
    const stop = new AbortController();
    stopper.current = stop;
    setBusy(what);
    setFailed(undefined);
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
      setRows([]);
      const { inputs: made, change } = await inputs();
      setPrediction(await predictFlips(made, change, signal));
    });
  const replay = () =>
    guard('replaying', async (signal) => {
      setRows([]);
      const { inputs: made, change } = await inputs();
      runtime.store.getState().trustHandlers();
      // Rows reach the table a frame at a time, not one render per run.
      let waiting: FlipRow[] = [];
      let frame: number | undefined;
      const flush = () => {
        frame = undefined;
        const arrived = waiting;
        waiting = [];
        setRows((current) => [...current, ...arrived]);
      };
      try {
        await findFlips(made, change, signal, (row) => {
          waiting.push(row);
          frame ??= requestAnimationFrame(flush);
        });
      } finally {
        if (frame !== undefined) cancelAnimationFrame(frame);
        flush();
      }
    });
  return { prediction, rows, busy, failed, count, replay, stop: () => stopper.current?.abort(new Error('stopped')) };
}
