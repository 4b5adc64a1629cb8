import type { EvalCase } from '../shapes/eval-case';
import type { EvalRun } from '../shapes/eval-run';
import { type EvalColumn, evalCells, isFlaky } from './eval-results';

/** How a suite went, for a terminal and an exit code. */
export type SuiteReport = {
  /** The table: a row per case, a column per variant × configuration ("3/3", "2/3 flaky"). */
  table: string;
  /** Cells with no run passing, cells with some. */
  failing: number;
  flaky: number;
  /** Runs that passed, of all. */
  passed: number;
  runs: number;
  /** 0 when every cell passes every run, or only flaky cells fail and no more than `maxFlaky` of them. */
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
      return `${cell.passed}/${cell.runs.length}${isFlaky(cell) ? ' flaky' : ''}`;
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
  const failing = all.filter((cell) => cell.passed === 0).length;
  const passed = runs.filter((run) => run.pass).length;
  return {
    table: [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'),
    failing,
    flaky,
    passed,
    runs: runs.length,
    exitCode: failing === 0 && flaky <= maxFlaky && runs.length > 0 ? 0 : 1,
  };
}
