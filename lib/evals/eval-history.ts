import type { EvalRun } from '../shapes/eval-run';
import type { EvalCellSummary } from '../shapes/session-evals';
import { evalCells } from './eval-results';
import type { VerdictCounts } from './run-verdict';

/*
 * Run-vs-run (docs/evals.md, "Comparing runs"): each `Run evals` is kept as its cells — how many
 * runs passed of how many — so two can be compared cell by cell: fixed, broke, still failing,
 * flaky, still passing, new or gone.
 */

/** A grid's cells as kept after it, each with its column's name then. */
export function summarizeGrid(runs: readonly EvalRun[], columnName: (variantId: string, configId: string) => string) {
  return [...evalCells(runs).values()].map(
    (cell): EvalCellSummary => ({
      caseId: cell.runs[0].caseId,
      variantId: cell.runs[0].variantId,
      configId: cell.runs[0].configId,
      column: columnName(cell.runs[0].variantId, cell.runs[0].configId),
      passed: cell.passed,
      runs: cell.runs.length,
      ...(cell.counts.error > 0 ? { errors: cell.counts.error } : {}),
      ...(cell.counts['not-checked'] > 0 ? { notChecked: cell.counts['not-checked'] } : {}),
      reasons: cell.reasons,
    }),
  );
}

export const VERDICTS = [
  'broke',
  'flaky',
  'fixed',
  'still failing',
  'not graded',
  'still passing',
  'new',
  'gone',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One cell in both grids (or one of them) and what became of it. */
export type ComparedCell = {
  caseId: string;
  variantId: string;
  configId: string;
  column: string;
  before?: EvalCellSummary;
  after?: EvalCellSummary;
  verdict: Verdict;
};

/** A kept cell's graded runs: passed or failed, not the errors and runs no check graded. */
export const gradedOf = (cell: EvalCellSummary) => cell.runs - (cell.errors ?? 0) - (cell.notChecked ?? 0);
/** A kept cell's runs by verdict. */
export const summaryCounts = (cell: EvalCellSummary): VerdictCounts => ({
  passed: cell.passed,
  failed: gradedOf(cell) - cell.passed,
  error: cell.errors ?? 0,
  'not-checked': cell.notChecked ?? 0,
});
const passes = (cell: EvalCellSummary) => gradedOf(cell) > 0 && cell.passed === gradedOf(cell);
const flaky = (cell: EvalCellSummary) => cell.passed > 0 && cell.passed < gradedOf(cell);

/**
 * What became of a cell from one grid to the next: `flaky` when its runs now disagree; `fixed`
 * when every run passes now and not all did; `broke` when all passed and now none does; `still
 * failing`, `still passing`; `not graded` when either grid graded none of its runs (errors, no
 * check) — nothing can be said; `new` and `gone` for a cell in one grid only.
 */
export function verdictOf(before: EvalCellSummary | undefined, after: EvalCellSummary | undefined): Verdict {
  if (!before) return 'new';
  if (!after) return 'gone';
  if (gradedOf(before) === 0 || gradedOf(after) === 0) return 'not graded';
  if (flaky(after)) return 'flaky';
  if (passes(after)) return passes(before) ? 'still passing' : 'fixed';
  return passes(before) ? 'broke' : 'still failing';
}

const keyOf = (cell: Pick<EvalCellSummary, 'caseId' | 'variantId' | 'configId'>) =>
  `${cell.caseId}|${cell.variantId}|${cell.configId}`;

/** Two grids cell by cell, what changed first (broke, flaky, fixed, …), in case order within each. */
export function compareGrids(before: readonly EvalCellSummary[], after: readonly EvalCellSummary[]): ComparedCell[] {
  const earlier = new Map(before.map((cell) => [keyOf(cell), cell]));
  const later = new Map(after.map((cell) => [keyOf(cell), cell]));
  const keys = [...new Set([...later.keys(), ...earlier.keys()])];
  return keys
    .map((key): ComparedCell => {
      const [b, a] = [earlier.get(key), later.get(key)];
      const cell = (a ?? b) as EvalCellSummary;
      return {
        caseId: cell.caseId,
        variantId: cell.variantId,
        configId: cell.configId,
        column: cell.column,
        ...(b ? { before: b } : {}),
        ...(a ? { after: a } : {}),
        verdict: verdictOf(b, a),
      };
    })
    .sort((x, y) => VERDICTS.indexOf(x.verdict) - VERDICTS.indexOf(y.verdict));
}
