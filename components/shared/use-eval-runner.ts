'use client';

import { useRef, useState } from 'react';
import { gridSizeRefusal } from '@/lib/evals/eval-grid';
import { runEvalSuite } from '@/lib/evals/run-suite';
import { summarizeGrid } from '@/lib/evals/eval-history';
import { evalColumns } from '@/lib/evals/eval-results';
import type { EvalConfig, EvalVariant } from '@/lib/shapes/eval-run';
import type { EvalRunDeps } from '@/lib/evals/run-eval-case';
import type { PlaygroundRuntime } from '../runtime/create-playground-runtime';
import { useRuntime } from '../runtime/runtime-context';
import { runJavaScriptInSandbox } from '../runtime/run-javascript-in-sandbox';

/** What a run in a session of its own needs from this page: the engine's checker, the route, typed keys, tools. */
export async function evalDeps(runtime: PlaygroundRuntime): Promise<EvalRunDeps> {
  const engine = await runtime.loadEngine();
  const { startingFiles } = runtime.store.getState();
  return {
    checker: engine.checker,
    // The model in the browser answers its own runs in the page; the rest go to the route.
    fetch: engine.modelFetch,
    getHeaders: runtime.headersFor,
    // just-bash loads with the first sandbox tool an eval runs.
    createSandbox: async (files) =>
      (await import('@/lib/sandbox/create-offline-sandbox')).createOfflineSandbox(files ?? startingFiles),
    runJavaScript: runJavaScriptInSandbox,
    http: { fetch: window.fetch.bind(window), ownOrigin: window.location.origin },
    mcp: runtime.mcp,
    onSentValues: (values) => runtime.store.getState().recordSentValues(values),
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
    const stop = new AbortController();
    stopper.current = stop;
    store.getState().clearEvalRuns();
    const total = evals.cases.length * variants.length * configs.length * evals.repeats;
    setProgress({ done: 0, total, running: true, stopped: false });
    const result = await runEvalSuite(
      { ...evals, variants, configs, baseSettings: settings },
      {
        deps,
        signal: stop.signal,
        onRun: (each, done, total) => {
          store.getState().addEvalRun(each);
          setProgress({ done, total, running: true, stopped: false });
        },
      },
    );
    const labels = new Map(evalColumns(variants, configs).map((column) => [column.key, column.label]));
    store.getState().recordEvalGrid({
      at: new Date().toISOString(),
      mode: evals.mode,
      repeats: evals.repeats,
      stopped: result.stopped,
      cells: summarizeGrid(
        store.getState().evals.runs,
        (variantId, configId) => labels.get(`${variantId}|${configId}`) ?? `${variantId} × ${configId}`,
      ),
    });
    setProgress((current) => ({ ...current, running: false, stopped: result.stopped }));
  };

  return { progress, run, stop: () => stopper.current?.abort() };
}
