'use client';

import { useEffect, useRef, useState } from 'react';
import type { SampleChange } from '@/lib/shapes/step-samples';
import { useRuntime } from '../runtime/runtime-context';

export type SamplingProgress = { done: number; total: number; running: boolean; stopped: boolean };

/**
 * `Sample this step` from the page: the engine's checker and the runnable tools, the route, typed
 * keys; samples reach the session as they come. `Stop sampling` (or the run's Stop) ends it. The
 * sampler's code loads on first use (not part of the first load).
 */
export function useStepSampler(stepId: string) {
  const runtime = useRuntime();
  const [progress, setProgress] = useState<SamplingProgress>();
  const [problem, setProblem] = useState<string>();
  const stopper = useRef<AbortController | undefined>(undefined);
  useEffect(() => runtime.onStop(() => stopper.current?.abort()), [runtime]);
  useEffect(() => () => stopper.current?.abort(), []);

  const sample = async (count: number, change?: SampleChange) => {
    setProblem(undefined);
    const stop = new AbortController();
    stopper.current = stop;
    setProgress({ done: 0, total: count, running: true, stopped: false });
    try {
      const [engine, { sampleSessionStep }, { checkToolDrafts }] = await Promise.all([
        runtime.loadEngine(),
        import('@/lib/evals/sampling/sample-session-step'),
        import('@/lib/tools/check-tool-drafts'),
      ]);
      const result = await sampleSessionStep({
        store: runtime.store,
        stepId,
        count,
        change,
        runnable: checkToolDrafts(runtime.store.getState().tools, engine.checker).runnable,
        deps: { fetch: engine.modelFetch, checker: engine.checker, headersFor: runtime.headersFor },
        signal: stop.signal,
        onProgress: (done, total) => setProgress({ done, total, running: true, stopped: false }),
      });
      if (!result.ok) setProblem(result.message);
      setProgress((current) =>
        result.ok && current ? { ...current, running: false, stopped: result.stopped } : undefined,
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setProgress(undefined);
    }
  };

  return { progress, problem, sample, stop: () => stopper.current?.abort() };
}
