import { toCsv } from './csv';
import { textOf } from '../messages/split-steps';
import type { EvalCase } from '../shapes/eval-case';
import { cellKey } from './eval-grid';
import { passCurves } from './sampling/pass-at-k';
import type { EvalConfig, EvalRun, EvalVariant } from '../shapes/eval-run';
import { runVerdict, type VerdictCounts } from './run-verdict';

/** A column of the results: one variant with one configuration. */
export type EvalColumn = { key: string; variant: EvalVariant; config: EvalConfig; label: string };

/** A cell: its runs, how many passed, and the figures across them. */
export type EvalCell = {
  runs: EvalRun[];
  passed: number;
  /** Its runs by verdict: only `passed` and `failed` were graded (see run-verdict.ts). */
  counts: VerdictCounts;
  /** Why its runs failed or could not run, one line each (distinct). */
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
    const cell = cells.get(key) ?? {
      runs: [],
      passed: 0,
      counts: { passed: 0, failed: 0, error: 0, 'not-checked': 0 },
      reasons: [],
      ms: 0,
      inputTokens: 0,
      outputTokens: 0,
    };
    cell.runs.push(run);
    const verdict = runVerdict(run);
    cell.counts[verdict]++;
    if (verdict === 'passed') cell.passed++;
    for (const reason of run.error
      ? [`Error: ${run.error}`]
      : run.notChecked
        ? ['Not checked: no check of this case ran.']
        : run.failures.map((failure) => failure.message))
      if (!cell.reasons.includes(reason)) cell.reasons.push(reason);
    cell.ms += run.ms;
    cell.inputTokens += run.inputTokens;
    cell.outputTokens += run.outputTokens;
    cells.set(key, cell);
  }
  return cells;
}

/** A cell's graded runs (passed or failed): errors and runs with no check are neither. */
export const gradedCount = (cell: Pick<EvalCell, 'counts'> | undefined): number =>
  cell ? cell.counts.passed + cell.counts.failed : 0;

/**
 * pass^k of a cell — that k of its graded runs drawn at random all pass (τ-bench's "every
 * time") — for k = 1…its graded runs, with the same estimator as a step's samples; none for fewer than two.
 */
export function cellPassHat(cell: Pick<EvalCell, 'counts'> | undefined): { k: number; value: number }[] {
  const n = gradedCount(cell);
  return cell && n > 1 ? passCurves(n, cell.counts.passed).map(({ k, passHat }) => ({ k, value: passHat })) : [];
}

/** A cell whose graded runs disagree: some passed, some failed (the same case, column and settings). */
export const isFlaky = (cell: Pick<EvalCell, 'counts'> | undefined): boolean =>
  cell !== undefined && cell.counts.passed > 0 && cell.counts.failed > 0;

/** pass^k for k = the cell's graded runs: that every one of that many runs passes (undefined under two). */
export function cellPassHatAll(cell: Pick<EvalCell, 'counts'> | undefined): number | undefined {
  return cellPassHat(cell).at(-1)?.value;
}

/**
 * A cell in a few characters, as a table shows it: "2/3" (passed of graded runs), "2/3 flaky",
 * "error" (no run could ask the model), "2/2 · 1 error", "not checked".
 */
export function cellSummary(cell: Pick<EvalCell, 'counts'>): string {
  const { passed, error, 'not-checked': notChecked } = cell.counts;
  const graded = gradedCount(cell);
  const extra = [
    error > 0 ? `${error} error${error === 1 ? '' : 's'}` : '',
    notChecked > 0 ? `${notChecked} not checked` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (graded === 0) return error > 0 && notChecked === 0 ? 'error' : error === 0 ? 'not checked' : extra;
  return `${passed}/${graded}${isFlaky(cell) ? ' flaky' : ''}${extra ? ` · ${extra}` : ''}`;
}

/** The results as JSON (`Export results JSON`, `npm run eval -- --json`): cases, columns, runs without their conversations. */
export function evalResultsJson(
  cases: readonly EvalCase[],
  columns: readonly EvalColumn[],
  runs: readonly EvalRun[],
): string {
  const conversational = new Set(cases.filter((testCase) => testCase.user).map((testCase) => testCase.id));
  return `${JSON.stringify(
    {
      cases,
      columns: columns.map(({ key, label }) => ({ key, label })),
      // A conversation case's run keeps who said what, in order (the rest leave their conversations out).
      runs: runs.map(({ messages, ...run }) =>
        conversational.has(run.caseId)
          ? {
              ...run,
              conversation: messages.map((message) => ({ role: message.role, text: textOf(message.parts) })),
            }
          : run,
      ),
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
    'failed',
    'errors',
    'not_checked',
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
        cell?.counts.failed ?? 0,
        cell?.counts.error ?? 0,
        cell?.counts['not-checked'] ?? 0,
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
