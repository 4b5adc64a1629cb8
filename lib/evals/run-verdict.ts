import type { EvalCase } from '../shapes/eval-case';
import type { EvalRun } from '../shapes/eval-run';

/*
 * What a run came to, told apart the way a test report tells them apart: `passed` and `failed`
 * are verdicts of checks that ran; `error` is a model that could not be asked (no key, a refused
 * address, a provider's error) — nothing was graded; `not-checked` is a run whose case has no
 * check that ran (every assertion of an imported case was one the playground cannot run).
 * Neither of the last two is a pass or a failure.
 */

export type RunVerdict = 'passed' | 'failed' | 'error' | 'not-checked';

/** A run's verdict, from what it kept. */
export function runVerdict(run: Pick<EvalRun, 'pass' | 'error' | 'notChecked'>): RunVerdict {
  if (run.error !== undefined) return 'error';
  if (run.notChecked) return 'not-checked';
  return run.pass ? 'passed' : 'failed';
}

/**
 * How many checks grading a case runs: the schema check of every call (unless turned off), what
 * it expects of the calls, the answer, the trajectory, the output, tool F1 and the workspace.
 */
export function countCaseChecks(testCase: Pick<EvalCase, 'expect'>): number {
  const wanted = testCase.expect;
  return (
    (wanted.validCalls === false ? 0 : 1) +
    (wanted.anyCall || wanted.noTool ? 1 : wanted.calls.length) +
    (wanted.answer ? 1 : 0) +
    (wanted.trajectory?.length ?? 0) +
    (wanted.output?.length ?? 0) +
    (wanted.toolF1 ? 1 : 0) +
    (wanted.files?.length ?? 0) +
    (wanted.user?.stopped ? 1 : 0) +
    (wanted.user?.told?.length ?? 0)
  );
}

/** The runs of a cell (or a grid) by verdict. */
export type VerdictCounts = Record<RunVerdict, number>;

/** Counts runs by verdict. */
export function countVerdicts(runs: readonly Pick<EvalRun, 'pass' | 'error' | 'notChecked'>[]): VerdictCounts {
  const counts: VerdictCounts = { passed: 0, failed: 0, error: 0, 'not-checked': 0 };
  for (const run of runs) counts[runVerdict(run)]++;
  return counts;
}

/** The runs that were graded (passed or failed): what pass rates and pass^k are taken over. */
export const gradedRuns = (counts: VerdictCounts) => counts.passed + counts.failed;

/** ": 2 passed, 1 failed, 3 errors (the model could not be asked), 1 not checked" — what a finished grid came to. */
export function verdictsSaid(counts: VerdictCounts): string {
  const parts = [
    counts.passed > 0 ? `${counts.passed} passed` : '',
    counts.failed > 0 ? `${counts.failed} failed` : '',
    counts.error > 0 ? `${counts.error} error${counts.error === 1 ? '' : 's'} (the model could not be asked)` : '',
    counts['not-checked'] > 0 ? `${counts['not-checked']} not checked` : '',
  ].filter(Boolean);
  return parts.length === 0 ? '' : `: ${parts.join(', ')}`;
}
