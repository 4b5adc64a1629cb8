import type { SessionEvals } from './session-evals';

/*
 * The evals of a new session, apart from their zod schema: the page's first load uses this,
 * and zod is not part of that load (see docs/decisions/first-load.md).
 */
export const EMPTY_EVALS: SessionEvals = {
  cases: [],
  variants: [],
  configs: [],
  mode: 'full-loop',
  repeats: 1,
  concurrency: 2,
  runs: [],
};
