'use client';

import { useMemo, useRef, useState } from 'react';
import { type EvalRunDeps, runEvalCase } from '@/lib/evals/run-eval-case';
import type { SessionState } from '@/lib/session/session-state';
import type { EvalVariant } from '@/lib/shapes/eval-run';
import { runVerdict } from '@/lib/evals/run-verdict';
import { type Improvement, type ImproveOptions, improveDescription } from '@/lib/improve/improve-description';
import { askProposer } from '@/lib/improve/ask-proposer';
import { describeImproveCase, expectedSteps, type ImproveCase, runStepCase } from '@/lib/improve/improve-cases';
import { rewriteToolSource } from '@/lib/improve/rewrite-tool-source';
import { requestToolSpecs } from '@/lib/tools/request-tool-specs';
import { COMPAT_TARGETS } from '@/lib/shapes/compat';
import { improvementRecordSchema } from '@/lib/shapes/improvement-record';
import { newId } from '@/lib/shapes/new-id';
import { toolDefinitionOf } from '@/lib/shapes/tool-formats';
import { readToolName } from '@/lib/shapes/tool-source';
import type { ToolDraft, ToolSpec } from '@/lib/shapes/tool-spec';
import { compatCell } from '@/lib/tools/compat/compat-verdict';
import { chooseTokenizer } from '@/lib/tools/choose-tokenizer';
import { useRuntime, useSession, useToolSetCheck } from '../runtime/runtime-context';
import { evalDeps } from './use-eval-runner';

export type ImproveProgress = { done: number; of: number; doing: string };

/**
 * What Improve description measures on: the eval cases and the conversation's steps someone said
 * what is right for, each step's request made again as it was sent (lib/improve/improve-cases.ts).
 */
export function useImproveCases(): { cases: ImproveCase[]; notes: string[] } {
  const evalCases = useSession((state) => state.evals.cases);
  const messages = useSession((state) => state.messages);
  const stepSamples = useSession((state) => state.stepSamples);
  const settings = useSession((state) => state.settings);
  const sentValues = useSession((state) => state.sentValues);
  const { runnable } = useToolSetCheck();
  return useMemo(() => {
    const { steps, notes } = expectedSteps({
      messages,
      stepSamples,
      tools: requestToolSpecs(runnable),
      settings,
      sentValues,
    });
    const cases: ImproveCase[] = evalCases.map((testCase) => ({ kind: 'eval', key: testCase.id, testCase }));
    return { cases: [...cases, ...steps], notes };
  }, [evalCases, messages, stepSamples, settings, sentValues, runnable]);
}

/** The session's tools with the one being improved as `spec` has it (its text rewritten, comments kept). */
function variantWith(tools: readonly ToolDraft[], name: string, spec: ToolSpec): EvalVariant {
  return {
    id: 'improve',
    name: 'Improve description',
    tools: tools.map((draft) => {
      if (readToolName(draft.source) !== name) return draft;
      const source = rewriteToolSource(draft.source, {
        description: spec.description,
        parameters: Object.fromEntries(
          Object.entries((spec.inputSchema.properties ?? {}) as Record<string, { description?: unknown }>).flatMap(
            ([parameter, schema]) => (typeof schema?.description === 'string' ? [[parameter, schema.description]] : []),
          ),
        ),
      });
      return source === undefined ? draft : { ...draft, source };
    }),
  };
}

/** How one case runs: an eval case as the grid runs it, an expected step as one more sample of its request. */
function caseRunner(
  name: string,
  deps: EvalRunDeps,
  { evals, settings, tools }: Pick<SessionState, 'evals' | 'settings' | 'tools'>,
) {
  return async (spec: ToolSpec, each: ImproveCase, repeat: number, signal: AbortSignal) => {
    if (each.kind === 'step') return runStepCase(spec, each, repeat, deps, signal);
    const run = await runEvalCase({
      job: { caseId: each.testCase.id, variantId: 'improve', configId: 'current', repeat },
      testCase: each.testCase,
      variant: variantWith(tools, name, spec),
      config: { id: 'current', name: 'Current settings', settings: {} },
      mode: evals.mode,
      baseSettings: settings,
      deps,
      signal,
    });
    return { verdict: runVerdict(run), why: run.failures.map((failure) => failure.message).join(' ') };
  };
}

/**
 * Runs Improve description from the page: each case through `/api/chat` and the loop in a session
 * of its own (the session's tools, the one being improved as the variant says), the proposer asked
 * through the same route with the run settings, tokens counted in the token worker, Compatibility
 * by each target's documented rules. Stop stops between runs.
 */
export function useImproveDescription() {
  const runtime = useRuntime();
  const [progress, setProgress] = useState<ImproveProgress>();
  const [result, setResult] = useState<Improvement>();
  const [failed, setFailed] = useState<string>();
  const stopper = useRef<AbortController | undefined>(undefined);

  const start = async (tool: ToolSpec, cases: ImproveCase[], options: ImproveOptions) => {
    const { store } = runtime;
    const stop = new AbortController();
    stopper.current = stop;
    setResult(undefined);
    setFailed(undefined);
    setProgress({ done: 0, of: 0, doing: 'Starting' });
    try {
      const deps = await evalDeps(runtime);
      store.getState().trustHandlers();
      const { settings } = store.getState();
      const { encoding, exact } = chooseTokenizer(settings.provider, settings.model);
      const improvement = await improveDescription({
        tool,
        cases,
        keyOf: (each) => each.key,
        describe: describeImproveCase,
        options,
        signal: stop.signal,
        onProgress: (done, of, doing) => setProgress({ done, of, doing }),
        deps: {
          runCase: caseRunner(tool.name, deps, store.getState()),
          ask: (system, prompt, proposer, signal) =>
            askProposer({ settings, system, prompt, tool: proposer, deps, signal }),
          tokensOf: async (specs) => {
            const counted = await runtime.tokens.count({
              kind: 'each-tool',
              encoding,
              exact,
              definitions: specs.map(toolDefinitionOf),
            });
            if (counted.kind !== 'counted') throw new Error('The tools were too long to count.');
            return counted.value;
          },
          compatOf: (spec) =>
            Object.fromEntries(COMPAT_TARGETS.map((target) => [target, compatCell(spec, target, undefined).verdict])),
        },
      });
      setResult(improvement);
      // Kept with the session (files and links carry it), as its schema reads it back.
      const record = improvementRecordSchema.safeParse({
        ...improvement,
        id: `improvement-${newId()}`,
        at: new Date().toISOString(),
        tool: tool.name,
        description: tool.description,
        provider: settings.provider,
        model: settings.model.slice(0, 200),
        proposalKeys: improvement.proposalKeys.slice(0, 500).map((key) => key.slice(0, 200)),
        heldOutKeys: improvement.heldOutKeys.slice(0, 500).map((key) => key.slice(0, 200)),
        notes: improvement.notes.slice(0, 20),
      });
      if (record.success) store.getState().recordImprovement(record.data);
    } catch (error) {
      setFailed(stop.signal.aborted ? 'Stopped: nothing was measured to the end.' : (error as Error).message);
    } finally {
      setProgress(undefined);
    }
  };
  return { start, stop: () => stopper.current?.abort(new Error('stopped')), progress, result, failed };
}
