import type { EvalCase } from './eval-case';
import type { EvalConfig, EvalRun, EvalRunMode, EvalVariant } from './eval-run';

/** The evals a session keeps (see lib/evals/CONTEXT.md); `evals-schema.ts` checks them when they come from outside. */
export type SessionEvals = {
  cases: EvalCase[];
  variants: EvalVariant[];
  configs: EvalConfig[];
  mode: EvalRunMode;
  repeats: number;
  concurrency: number;
  /** The last grid's runs (a new grid replaces them). */
  runs: EvalRun[];
  /** The configurations Compare ran last (its boxes start with them). */
  compared?: string[];
  /** Each `Run evals` so far, oldest first (the last 20; the newest's runs are `runs`): `Compare runs` picks two. */
  history?: EvalGridRecord[];
};

/** One cell of a grid as kept after it: how many of its runs passed, and why the others failed. */
export type EvalCellSummary = {
  caseId: string;
  variantId: string;
  configId: string;
  /** The column's name then (a variant or configuration may be gone since). */
  column: string;
  passed: number;
  runs: number;
  /** Runs that could not ask the model, and runs no check graded (neither passed nor failed). */
  errors?: number;
  notChecked?: number;
  reasons: string[];
};

/** One `Run evals`: when, how, its cells — and, for the two before the newest, its runs (their conversations). */
export type EvalGridRecord = {
  id: string;
  /** 1, 2, 3… in the session: "Run 3". */
  number: number;
  /** ISO time it ended. */
  at: string;
  mode: EvalRunMode;
  repeats: number;
  stopped: boolean;
  cells: EvalCellSummary[];
  runs?: EvalRun[];
};
