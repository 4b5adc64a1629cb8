import { SESSION_LIMITS } from '../shapes/session-limits';
import type { EvalJob, EvalRun } from '../shapes/eval-run';
import { runLimited } from './run-limited';
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
  const { results, stopped } = await runLimited({
    jobs,
    concurrency,
    signal,
    onResult: onRun,
    runOne: async (job, stop): Promise<EvalRun> => {
      const started = now();
      try {
        return await runOne(job, stop);
      } catch (error) {
        return {
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
    },
  });
  return { runs: results, stopped };
}
