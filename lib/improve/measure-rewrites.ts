import type { RunVerdict, VerdictCounts } from '../evals/run-verdict';
import { gradedRuns } from '../evals/run-verdict';
import type { ToolSpec } from '../shapes/tool-spec';
import type { PassCount } from './accept-rewrite';
import { applyRewrite, type Rewrite } from './rewrite-proposals';

/** Runs one held-out case once with the tool as given (through the real route); says what it came to. */
export type RunHeldOutCase<Case> = (
  tool: ToolSpec,
  testCase: Case,
  repeat: number,
  signal: AbortSignal,
) => Promise<RunVerdict>;

/** One side of a comparison: its runs by verdict, and the graded ones as a pass count. */
export type MeasuredSide = { verdicts: VerdictCounts; passes: PassCount };

const emptyCounts = (): VerdictCounts => ({ passed: 0, failed: 0, error: 0, 'not-checked': 0 });

/** How many runs measuring `rewrites` takes: the current description and each rewrite, on every held-out case, `repeats` times. */
export const runsToMeasure = (rewrites: number, cases: number, repeats: number) => (rewrites + 1) * cases * repeats;

/**
 * Measures the current description and each rewrite on the held-out cases, `repeats` times each,
 * one run at a time (the person's provider is not flooded; Stop stops between runs). A run that
 * errs (the model could not be asked) or checks nothing is counted as such and left out of the
 * pass rate: an error is not a failure.
 */
export async function measureRewrites<Case>({
  tool,
  rewrites,
  heldOut,
  repeats,
  run,
  signal,
  onRun,
}: {
  tool: ToolSpec;
  rewrites: readonly Rewrite[];
  heldOut: readonly Case[];
  repeats: number;
  run: RunHeldOutCase<Case>;
  signal: AbortSignal;
  /** After each run: how many of all are done. */
  onRun?: (done: number, of: number) => void;
}): Promise<{ current: MeasuredSide; rewrites: MeasuredSide[] }> {
  const variants = [tool, ...rewrites.map((rewrite) => applyRewrite(tool, rewrite))];
  const counts = variants.map(emptyCounts);
  const total = runsToMeasure(rewrites.length, heldOut.length, repeats);
  let done = 0;
  // Case by case, each variant in turn: a Stop leaves every variant measured on the same cases so far.
  for (const testCase of heldOut)
    for (let repeat = 0; repeat < repeats; repeat++)
      for (const [index, variant] of variants.entries()) {
        signal.throwIfAborted();
        counts[index][await run(variant, testCase, repeat, signal)] += 1;
        done += 1;
        onRun?.(done, total);
      }
  const side = (verdicts: VerdictCounts): MeasuredSide => ({
    verdicts,
    passes: { count: verdicts.passed, n: gradedRuns(verdicts) },
  });
  return { current: side(counts[0]), rewrites: counts.slice(1).map(side) };
}
