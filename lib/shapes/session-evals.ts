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
};
