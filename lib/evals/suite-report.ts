import type { EvalCase } from '../shapes/eval-case';
import type { EvalRun } from '../shapes/eval-run';
import { cellSummary, type EvalColumn, evalCells, gradedCount, isFlaky } from './eval-results';
import { countVerdicts, runVerdict } from './run-verdict';

/** How a suite went, for a terminal and an exit code. */
export type SuiteReport = {
  /** The table: a row per case, a column per variant × configuration ("3/3", "2/3 flaky"). */
  table: string;
  /** Cells with no graded run passing, cells with some. */
  failing: number;
  flaky: number;
  /** Runs that passed, of all; runs that could not ask the model; runs no check graded. */
  passed: number;
  runs: number;
  errors: number;
  notChecked: number;
  /**
   * 0 when every cell passes every graded run (or only flaky cells fail, no more than `maxFlaky`)
   * and no run was an error or went unchecked: a grid that could not run is not a green one.
   */
  exitCode: 0 | 1;
};

export function suiteReport(
  cases: readonly EvalCase[],
  columns: readonly EvalColumn[],
  runs: readonly EvalRun[],
  { maxFlaky = 0 }: { maxFlaky?: number } = {},
): SuiteReport {
  const cells = evalCells(runs);
  const rows = cases.map((testCase) => [
    testCase.id,
    ...columns.map((column) => {
      const cell = cells.get(`${testCase.id}|${column.key}`);
      if (!cell) return '—';
      return cellSummary(cell);
    }),
  ]);
  const header = ['case', ...columns.map((column) => column.label)];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index].length)));
  const line = (row: readonly string[]) =>
    row
      .map((text, index) => text.padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  const all = [...cells.values()];
  const flaky = all.filter(isFlaky).length;
  const failing = all.filter((cell) => gradedCount(cell) > 0 && cell.passed === 0).length;
  const counts = countVerdicts(runs);
  return {
    table: [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'),
    failing,
    flaky,
    passed: counts.passed,
    runs: runs.length,
    errors: counts.error,
    notChecked: counts['not-checked'],
    exitCode:
      failing === 0 && flaky <= maxFlaky && runs.length > 0 && counts.error === 0 && counts['not-checked'] === 0
        ? 0
        : 1,
  };
}

/** One run as a terminal line says it: "passed", "failed — <why>", "error — <the provider's sentence>", "not checked — …". */
export function runLine(run: EvalRun): string {
  switch (runVerdict(run)) {
    case 'passed':
      return 'passed';
    case 'failed':
      return `failed — ${run.failures.map((failure) => failure.message).join(' ')}`;
    case 'error':
      return `error — ${run.error}`;
    case 'not-checked':
      return 'not checked — no check of this case ran (see the notes above for the ones left out)';
  }
}

/** The last line: "2 of 3 runs passed · 1 error · 0 failing, 0 flaky cells". */
export function summaryLine(report: SuiteReport, stopped: boolean): string {
  const graded = report.runs - report.errors - report.notChecked;
  return [
    `${report.passed} of ${graded} graded runs passed`,
    ...(report.errors > 0
      ? [`${report.errors} error${report.errors === 1 ? '' : 's'} (the model could not be asked)`]
      : []),
    ...(report.notChecked > 0 ? [`${report.notChecked} not checked`] : []),
    `${report.failing} failing, ${report.flaky} flaky cells`,
    ...(stopped ? ['stopped'] : []),
  ].join(' · ');
}
