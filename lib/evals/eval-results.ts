import { toCsv } from './csv';
import type { EvalCase } from '../shapes/eval-case';
import { cellKey } from './eval-grid';
import { passCurves } from './pass-at-k';
import type { EvalConfig, EvalRun, EvalVariant } from '../shapes/eval-run';

/** A column of the results: one variant with one configuration. */
export type EvalColumn = { key: string; variant: EvalVariant; config: EvalConfig; label: string };

/** A cell: its runs, how many passed, and the figures across them. */
export type EvalCell = {
  runs: EvalRun[];
  passed: number;
  /** Why its runs failed, one line each (distinct). */
  reasons: string[];
  ms: number;
  inputTokens: number;
  outputTokens: number;
};

/** The columns: every variant × every configuration. */
export function evalColumns(variants: readonly EvalVariant[], configs: readonly EvalConfig[]): EvalColumn[] {
  return variants.flatMap((variant) =>
    configs.map((config) => ({
      key: `${variant.id}|${config.id}`,
      variant,
      config,
      label:
        variants.length > 1 && configs.length > 1
          ? `${variant.name} × ${config.name}`
          : configs.length > 1
            ? config.name
            : variant.name,
    })),
  );
}

/** The cells of the results, by `cellKey`. */
export function evalCells(runs: readonly EvalRun[]): Map<string, EvalCell> {
  const cells = new Map<string, EvalCell>();
  for (const run of runs) {
    const key = cellKey(run);
    const cell = cells.get(key) ?? { runs: [], passed: 0, reasons: [], ms: 0, inputTokens: 0, outputTokens: 0 };
    cell.runs.push(run);
    if (run.pass) cell.passed++;
    for (const reason of run.error ? [`Error: ${run.error}`] : run.failures.map((failure) => failure.message))
      if (!cell.reasons.includes(reason)) cell.reasons.push(reason);
    cell.ms += run.ms;
    cell.inputTokens += run.inputTokens;
    cell.outputTokens += run.outputTokens;
    cells.set(key, cell);
  }
  return cells;
}

/**
 * pass^k of a cell — that k of its runs drawn at random all pass (τ-bench's "every time") — for
 * k = 1…its runs, with the same estimator as a step's samples; none for a single run.
 */
export function cellPassHat(cell: Pick<EvalCell, 'runs' | 'passed'> | undefined): { k: number; value: number }[] {
  const n = cell?.runs.length ?? 0;
  return cell && n > 1 ? passCurves(n, cell.passed).map(({ k, passHat }) => ({ k, value: passHat })) : [];
}

/** A cell whose runs disagree: some passed, some failed (the same case, column and settings). */
export const isFlaky = (cell: Pick<EvalCell, 'runs' | 'passed'> | undefined): boolean =>
  cell !== undefined && cell.passed > 0 && cell.passed < cell.runs.length;

/** pass^k for k = the cell's runs: that every one of that many runs passes (undefined for a single run). */
export function cellPassHatAll(cell: Pick<EvalCell, 'runs' | 'passed'> | undefined): number | undefined {
  return cellPassHat(cell).at(-1)?.value;
}

/** The results as JSON (`Export results JSON`, `npm run eval -- --json`): cases, columns, runs without their conversations. */
export function evalResultsJson(
  cases: readonly EvalCase[],
  columns: readonly EvalColumn[],
  runs: readonly EvalRun[],
): string {
  return `${JSON.stringify(
    {
      cases,
      columns: columns.map(({ key, label }) => ({ key, label })),
      runs: runs.map(({ messages: _messages, ...run }) => run),
    },
    null,
    2,
  )}\n`;
}

/** "1: 0.667 · 2: 0.333 · 3: 0.000" */
export const passHatText = (curve: readonly { k: number; value: number }[]) =>
  curve.map(({ k, value }) => `${k}: ${value.toFixed(3)}`).join(' · ');

/**
 * One CSV field, safe whatever separator a spreadsheet reads the file with: quoted (RFC 4180)
 * whenever it holds a comma, a semicolon, a tab, a quote or a line break — so no part of it
 * becomes a cell of its own — and a leading = + - @ (after any spaces) is defused with a `'`
 * so the spreadsheet does not run it as a formula.
 */
/** The results as CSV: one row per case and column, with pass counts, time, tokens and the failure reasons. */
export function evalResultsCsv(
  cases: readonly EvalCase[],
  columns: readonly EvalColumn[],
  cells: ReadonlyMap<string, EvalCell>,
): string {
  const header = [
    'case',
    'variant',
    'configuration',
    'passed',
    'runs',
    'pass_hat_k',
    'flaky',
    'avg_ms',
    'input_tokens',
    'output_tokens',
    'failures',
  ];
  const rows = cases.flatMap((testCase) =>
    columns.map((column) => {
      const cell = cells.get(`${testCase.id}|${column.key}`);
      const runs = cell?.runs.length ?? 0;
      return [
        testCase.id,
        column.variant.name,
        column.config.name,
        cell?.passed ?? 0,
        runs,
        passHatText(cellPassHat(cell)),
        isFlaky(cell) ? 'flaky' : '',
        runs ? Math.round((cell?.ms ?? 0) / runs) : 0,
        cell?.inputTokens ?? 0,
        cell?.outputTokens ?? 0,
        (cell?.reasons ?? []).join(' | '),
      ];
    }),
  );
  return toCsv([header, ...rows]);
}
