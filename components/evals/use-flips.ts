'use client';

import { useRef, useState } from 'react';
import { suiteConfigs, suiteVariants } from '@/lib/evals/run-suite';
import { type FlipInputs, type FlipRow, findFlips, predictFlips, withToolsAsNow } from '@/lib/improve/flips';
import { useRuntime } from '../runtime/runtime-context';
import { evalDeps } from '../shared/use-eval-runner';

export type FlipPrediction = Awaited<ReturnType<typeof predictFlips>>;

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
      await findFlips(made, change, signal, (row) => setRows((current) => [...current, row]));
    });
  return { prediction, rows, busy, failed, count, replay, stop: () => stopper.current?.abort(new Error('stopped')) };
}
