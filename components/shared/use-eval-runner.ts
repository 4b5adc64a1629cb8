'use client';

import { useRef, useState } from 'react';
import { gridJobs, gridSizeRefusal, runEvalGrid } from '@/lib/evals/eval-grid';
import type { EvalConfig, EvalVariant } from '@/lib/shapes/eval-run';
import { type EvalRunDeps, runEvalCase } from '@/lib/evals/run-eval-case';
import type { PlaygroundRuntime } from '../runtime/create-playground-runtime';
import { useRuntime } from '../runtime/runtime-context';
import { runJavaScriptInSandbox } from '../runtime/run-javascript-in-sandbox';

/** What a run in a session of its own needs from this page: the engine's checker, the route, typed keys, tools. */
export async function evalDeps(runtime: PlaygroundRuntime): Promise<EvalRunDeps> {
  const engine = await runtime.loadEngine();
  const { startingFiles } = runtime.store.getState();
  return {
    checker: engine.checker,
    fetch: window.fetch.bind(window),
    getHeaders: runtime.headersFor,
    // just-bash loads with the first sandbox tool an eval runs.
    createSandbox: async (files) =>
      (await import('@/lib/sandbox/create-offline-sandbox')).createOfflineSandbox(files ?? startingFiles),
    runJavaScript: runJavaScriptInSandbox,
    http: { fetch: window.fetch.bind(window), ownOrigin: window.location.origin },
    mcp: runtime.mcp,
  };
}

/** `refused`: why the grid was not started (too large to keep). */
export type EvalProgress = { done: number; total: number; running: boolean; stopped: boolean; refused?: string };

/**
 * Runs the grid from the page: each run through `/api/chat` and the loop, in a session of its
 * own (tools answered as the variant says; sandbox tools in a fresh in-memory sandbox), typed
 * keys sent per provider. Runs reach the session as they end; Stop ends the grid.
 */
export function useEvalRunner() {
  const runtime = useRuntime();
  const [progress, setProgress] = useState<EvalProgress>({ done: 0, total: 0, running: false, stopped: false });
  const stopper = useRef<AbortController | undefined>(undefined);

  const run = async (variants: EvalVariant[], configs: EvalConfig[]) => {
    const { store } = runtime;
    const refused = gridSizeRefusal({
      cases: store.getState().evals.cases.length,
      variants: variants.length,
      configs: configs.length,
      repeats: store.getState().evals.repeats,
    });
    if (refused) {
      setProgress({ done: 0, total: 0, running: false, stopped: false, refused });
      return;
    }
    const deps = await evalDeps(runtime);
    // Running the grid runs the session's handlers, as Send does (a session from a link is trusted from here on).
    store.getState().trustHandlers();
    const { evals, settings } = store.getState();
    const jobs = gridJobs(
      evals.cases.map((each) => each.id),
      variants.map((variant) => variant.id),
      configs.map((config) => config.id),
      evals.repeats,
    );
    const stop = new AbortController();
    stopper.current = stop;
    store.getState().clearEvalRuns();
    setProgress({ done: 0, total: jobs.length, running: true, stopped: false });
    const result = await runEvalGrid({
      jobs,
      concurrency: evals.concurrency,
      signal: stop.signal,
      runOne: (job, signal) =>
        runEvalCase({
          job,
          testCase: evals.cases.find((each) => each.id === job.caseId)!,
          variant: variants.find((variant) => variant.id === job.variantId)!,
          config: configs.find((config) => config.id === job.configId)!,
          mode: evals.mode,
          baseSettings: settings,
          deps,
          signal,
        }),
      onRun: (each, done, total) => {
        store.getState().addEvalRun(each);
        setProgress({ done, total, running: true, stopped: false });
      },
    });
    setProgress((current) => ({ ...current, running: false, stopped: result.stopped }));
  };

  return { progress, run, stop: () => stopper.current?.abort() };
}
