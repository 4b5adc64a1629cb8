import type { EvalCase } from '../evals/eval-case';
import type { EvalConfig, EvalRun } from '../evals/eval-grid';
import type { SessionEvals } from '../evals/session-evals';
import { newId } from '../new-id';
import type { SessionData } from './session-schema';

type EvalState = Pick<SessionData, 'evals' | 'tools'>;
type SetState = (update: (state: EvalState) => Partial<EvalState>) => void;

export type EvalActions = {
  setEvalCases(cases: EvalCase[]): void;
  /** Snapshots the tool list as it is now under `name`; returns the variant's id. */
  saveEvalVariant(name: string): string;
  removeEvalVariant(id: string): void;
  addEvalConfig(config: Omit<EvalConfig, 'id'>): string;
  removeEvalConfig(id: string): void;
  setEvalOptions(patch: Partial<Pick<SessionEvals, 'mode' | 'repeats' | 'concurrency'>>): void;
  /** A new grid starts: the last one's runs go. */
  clearEvalRuns(): void;
  addEvalRun(run: EvalRun): void;
};

/** The session's eval actions (issue 18). */
export function createEvalActions(set: SetState): EvalActions {
  const update = (change: (evals: SessionEvals, state: EvalState) => Partial<SessionEvals>) =>
    set((state) => ({ evals: { ...state.evals, ...change(state.evals, state) } }));
  return {
    setEvalCases: (cases) => update(() => ({ cases })),
    saveEvalVariant: (name) => {
      const id = `variant-${newId()}`;
      update((evals, state) => ({ variants: [...evals.variants, { id, name, tools: structuredClone(state.tools) }] }));
      return id;
    },
    removeEvalVariant: (id) => update((evals) => ({ variants: evals.variants.filter((variant) => variant.id !== id) })),
    addEvalConfig: (config) => {
      const id = `config-${newId()}`;
      update((evals) => ({ configs: [...evals.configs, { ...structuredClone(config), id }] }));
      return id;
    },
    removeEvalConfig: (id) => update((evals) => ({ configs: evals.configs.filter((config) => config.id !== id) })),
    setEvalOptions: (patch) => update(() => patch),
    clearEvalRuns: () => update(() => ({ runs: [] })),
    addEvalRun: (run) => update((evals) => ({ runs: [...evals.runs, run] })),
  };
}
