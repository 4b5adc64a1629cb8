import type { EvalCase } from '../shapes/eval-case';
import type { EvalConfig, EvalRun } from '../shapes/eval-run';
import type { EvalGridRecord, SessionEvals } from '../shapes/session-evals';
import { type Added, clampWhole, clipToLimit, SESSION_LIMITS } from '../shapes/session-limits';
import { newId } from '../shapes/new-id';
import type { ToolDraft } from '../shapes/tool-spec';
import type { SessionData } from './session-schema';

type EvalState = Pick<SessionData, 'evals' | 'tools'>;

/** What `importEvalSuite` takes. */
export type ImportedSuite = {
  cases: EvalCase[];
  variant?: { name: string; tools: ToolDraft[] };
  configs: Omit<EvalConfig, 'id'>[];
  mode: SessionEvals['mode'];
  repeats?: number;
};
type SetState = (update: (state: EvalState) => Partial<EvalState>) => void;

export type EvalActions = {
  setEvalCases(cases: EvalCase[]): void;
  /**
   * A suite read from elsewhere (a promptfoo config): its cases replace the session's, its tools
   * join as a variant and its configurations as configurations (within the session's bounds),
   * with its mode and repeats. Says what it kept.
   */
  importEvalSuite(suite: ImportedSuite): { variants: number; configs: number };
  /** Snapshots the tool list as it is now under `name`; refused past the session's bounds. */
  saveEvalVariant(name: string): Added;
  removeEvalVariant(id: string): void;
  addEvalConfig(config: Omit<EvalConfig, 'id'>): Added;
  removeEvalConfig(id: string): void;
  /** A configuration's base URL goes ("Remove it": its provider's home, or nothing, is used instead). */
  removeEvalConfigBaseURL(id: string): void;
  setEvalOptions(patch: Partial<Pick<SessionEvals, 'mode' | 'repeats' | 'concurrency'>>): void;
  /** Remembers the configurations Compare ran (at most four, those that exist). */
  setEvalCompared(ids: readonly string[]): void;
  /** A new grid starts: the last one's runs go to its record in the history (the newest few keep them). */
  clearEvalRuns(): void;
  /** A grid ended: its cells join the history (the last 20 kept), its runs stay as `runs`. */
  recordEvalGrid(grid: Omit<EvalGridRecord, 'id' | 'number' | 'runs'>): void;
  /** A finished run, its texts clipped to what a saved session holds (past the grid bound: not kept). */
  addEvalRun(run: EvalRun): void;
};

/** A run as the session keeps it: failure messages, the error and the conversation within their bounds. */
function boundRun(run: EvalRun): EvalRun {
  return {
    ...run,
    caseId: run.caseId.slice(0, SESSION_LIMITS.evalCaseIdChars),
    failures: run.failures
      .slice(0, SESSION_LIMITS.evalFailuresPerRun)
      .map((failure) => ({ ...failure, message: clipToLimit(failure.message, SESSION_LIMITS.evalMessageChars) })),
    ...(run.error === undefined ? {} : { error: clipToLimit(run.error, SESSION_LIMITS.evalMessageChars) }),
    messages: run.messages.slice(-SESSION_LIMITS.evalRunMessages),
  };
}

/** The session's eval actions (see lib/evals/CONTEXT.md). */
export function createEvalActions(set: SetState, get: () => EvalState): EvalActions {
  const update = (change: (evals: SessionEvals, state: EvalState) => Partial<SessionEvals>) =>
    set((state) => ({ evals: { ...state.evals, ...change(state.evals, state) } }));
  return {
    setEvalCases: (cases) => update(() => ({ cases: cases.slice(0, SESSION_LIMITS.evalCases) })),
    importEvalSuite: (suite) => {
      const { evals } = get();
      const variant =
        suite.variant && evals.variants.length < SESSION_LIMITS.evalVariants
          ? [
              {
                id: `variant-${newId()}`,
                name: clipToLimit(suite.variant.name, SESSION_LIMITS.evalNameChars),
                tools: structuredClone(suite.variant.tools.slice(0, SESSION_LIMITS.evalVariantTools)),
              },
            ]
          : [];
      const configs = suite.configs
        .slice(0, Math.max(0, SESSION_LIMITS.evalConfigs - evals.configs.length))
        .map((config) => ({
          ...structuredClone(config),
          name: clipToLimit(config.name, SESSION_LIMITS.evalNameChars),
          id: `config-${newId()}`,
        }));
      update((current) => ({
        cases: suite.cases.slice(0, SESSION_LIMITS.evalCases),
        variants: [...current.variants, ...variant],
        configs: [...current.configs, ...configs],
        mode: suite.mode,
        ...(suite.repeats === undefined ? {} : { repeats: clampWhole(suite.repeats, 1, SESSION_LIMITS.evalRepeats) }),
      }));
      return { variants: variant.length, configs: configs.length };
    },
    saveEvalVariant: (name) => {
      const { evals, tools } = get();
      if (evals.variants.length >= SESSION_LIMITS.evalVariants)
        return { ok: false, message: `At most ${SESSION_LIMITS.evalVariants} variants: remove one to save another.` };
      if (tools.length > SESSION_LIMITS.evalVariantTools)
        return {
          ok: false,
          message: `A variant holds at most ${SESSION_LIMITS.evalVariantTools} tools; this list has ${tools.length}.`,
        };
      const id = `variant-${newId()}`;
      const kept = clipToLimit(name.trim(), SESSION_LIMITS.evalNameChars) || `Variant ${evals.variants.length + 1}`;
      update((current, state) => ({
        variants: [...current.variants, { id, name: kept, tools: structuredClone(state.tools) }],
      }));
      return { ok: true, id };
    },
    removeEvalVariant: (id) => update((evals) => ({ variants: evals.variants.filter((variant) => variant.id !== id) })),
    addEvalConfig: (config) => {
      if (get().evals.configs.length >= SESSION_LIMITS.evalConfigs)
        return {
          ok: false,
          message: `At most ${SESSION_LIMITS.evalConfigs} configurations: remove one to save another.`,
        };
      const id = `config-${newId()}`;
      const name =
        clipToLimit(config.name.trim(), SESSION_LIMITS.evalNameChars) ||
        `Configuration ${get().evals.configs.length + 1}`;
      const kept = { ...structuredClone(config), name, id };
      update((evals) => ({ configs: [...evals.configs, kept] }));
      return { ok: true, id };
    },
    removeEvalConfig: (id) => update((evals) => ({ configs: evals.configs.filter((config) => config.id !== id) })),
    removeEvalConfigBaseURL: (id) =>
      update((evals) => ({
        configs: evals.configs.map((config) => {
          if (config.id !== id) return config;
          const { baseURL: _gone, ...settings } = config.settings;
          return { ...config, settings };
        }),
      })),
    setEvalOptions: (patch) =>
      update(() => ({
        ...(patch.mode === undefined ? {} : { mode: patch.mode }),
        ...(patch.repeats === undefined ? {} : { repeats: clampWhole(patch.repeats, 1, SESSION_LIMITS.evalRepeats) }),
        ...(patch.concurrency === undefined
          ? {}
          : { concurrency: clampWhole(patch.concurrency, 1, SESSION_LIMITS.evalConcurrency) }),
      })),
    setEvalCompared: (ids) =>
      update((evals) => ({
        compared: ids.filter((id) => evals.configs.some((config) => config.id === id)).slice(0, 4),
      })),
    clearEvalRuns: () =>
      update((evals) => {
        const history = [...(evals.history ?? [])];
        const last = history.at(-1);
        if (last && !last.runs && evals.runs.length > 0) history[history.length - 1] = { ...last, runs: evals.runs };
        // Past the newest few, a grid keeps its cells only.
        const keep = history.length - SESSION_LIMITS.evalHistoryWithRuns;
        return {
          runs: [],
          history: history.map((record, index) => {
            if (index >= keep || !record.runs) return record;
            const { runs: _dropped, ...summary } = record;
            return summary;
          }),
        };
      }),
    recordEvalGrid: (grid) =>
      update((evals) => {
        const history = evals.history ?? [];
        const number = (history.at(-1)?.number ?? 0) + 1;
        const record = { ...grid, id: `grid-${newId()}`, number, cells: grid.cells.slice(0, SESSION_LIMITS.evalRuns) };
        return { history: [...history, record].slice(-SESSION_LIMITS.evalHistory) };
      }),
    addEvalRun: (run) =>
      update((evals) => (evals.runs.length >= SESSION_LIMITS.evalRuns ? {} : { runs: [...evals.runs, boundRun(run)] })),
  };
}
