import { SESSION_LIMITS } from '../model/session-limits';
import type { UIMessage } from 'ai';
import type { RunSettings } from '../session/run-settings';
import type { ToolDraft } from '../tools/tool-spec';
import type { Failure } from './grade-run';

/** A named snapshot of the tool list ("description v1", "v2 with enum"). */
export type EvalVariant = { id: string; name: string; tools: ToolDraft[] };

/** A model configuration: what it changes of the session's run settings. */
export type EvalConfig = {
  id: string;
  name: string;
  settings: Partial<
    Pick<RunSettings, 'provider' | 'model' | 'mode' | 'temperature' | 'toolChoice' | 'baseURL' | 'script'>
  >;
};

/** `first-step`: the model's first answer only (no tool runs); `full-loop`: the whole run, tools answered as they run. */
export type EvalRunMode = 'first-step' | 'full-loop';

/** One run of one cell: which case, variant, configuration and repeat. */
export type EvalJob = { caseId: string; variantId: string; configId: string; repeat: number };

/** What one run came to. */
export type EvalRun = EvalJob & {
  pass: boolean;
  failures: Failure[];
  /** Why the run itself failed (a provider error), if it did. */
  error?: string;
  ms: number;
  inputTokens: number;
  outputTokens: number;
  /** The run's conversation, to open on the timeline. */
  messages: UIMessage[];
};

/** A cell's key in the results: case × variant × configuration. */
export const cellKey = (job: Pick<EvalJob, 'caseId' | 'variantId' | 'configId'>) =>
  `${job.caseId}|${job.variantId}|${job.configId}`;

/** Every run of a grid, in the order they are started: case by case, each column, each repeat. */
export function gridJobs(
  caseIds: readonly string[],
  variantIds: readonly string[],
  configIds: readonly string[],
  repeats: number,
): EvalJob[] {
  return caseIds.flatMap((caseId) =>
    variantIds.flatMap((variantId) =>
      configIds.flatMap((configId) =>
        Array.from({ length: repeats }, (_, repeat) => ({ caseId, variantId, configId, repeat })),
      ),
    ),
  );
}

/** Why a grid of this size is not run (a session keeps at most `SESSION_LIMITS.evalRuns` runs), if it is not. */
export function gridSizeRefusal(sizes: {
  cases: number;
  variants: number;
  configs: number;
  repeats: number;
}): string | undefined {
  const runs = sizes.cases * sizes.variants * sizes.configs * sizes.repeats;
  if (runs <= SESSION_LIMITS.evalRuns) return undefined;
  return `This grid would make ${runs.toLocaleString('en')} runs (${sizes.cases} cases × ${sizes.variants} variants × ${sizes.configs} configurations × ${sizes.repeats} repeats); a session keeps at most ${SESSION_LIMITS.evalRuns.toLocaleString('en')}. Use fewer cases, columns or repeats.`;
}

/**
 * Runs the jobs, at most `concurrency` at a time, reporting each run as it ends. A run that
 * throws is recorded as failed with its error; Stop (the signal) starts no more runs and
 * drops the ones it cut short. Resolves with every finished run and whether it was stopped.
 */
export async function runEvalGrid({
  jobs,
  concurrency,
  runOne,
  signal,
  onRun,
  now = () => performance.now(),
}: {
  jobs: readonly EvalJob[];
  concurrency: number;
  runOne: (job: EvalJob, signal: AbortSignal) => Promise<EvalRun>;
  signal?: AbortSignal;
  onRun?: (run: EvalRun, done: number, total: number) => void;
  now?: () => number;
}): Promise<{ runs: EvalRun[]; stopped: boolean }> {
  const runs: EvalRun[] = [];
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) stop.abort();
  let next = 0;
  const worker = async () => {
    while (!stop.signal.aborted && next < jobs.length) {
      const job = jobs[next++];
      const started = now();
      let run: EvalRun;
      try {
        run = await runOne(job, stop.signal);
      } catch (error) {
        run = {
          ...job,
          pass: false,
          failures: [],
          error: error instanceof Error ? error.message : String(error),
          ms: now() - started,
          inputTokens: 0,
          outputTokens: 0,
          messages: [],
        };
      }
      if (stop.signal.aborted) return;
      runs.push(run);
      onRun?.(run, runs.length, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker));
  signal?.removeEventListener('abort', onAbort);
  return { runs, stopped: stop.signal.aborted };
}
