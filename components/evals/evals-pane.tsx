'use client';

import { useMemo } from 'react';
import { evalColumns } from '@/lib/evals/eval-results';
import { countVerdicts, verdictsSaid } from '@/lib/evals/run-verdict';
import { readToolSummary } from '@/lib/shapes/tool-source';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { EvalCasesEditor } from './eval-cases-editor';
import { EvalColumnsEditor } from './eval-columns-editor';
import { EvalResultsTable } from './eval-results-table';
import { useEvalRunner } from '../shared/use-eval-runner';
import { CompareRunsButton } from './compare-runs-dialog';
import { suiteConfigs, suiteVariants } from '@/lib/evals/run-suite';
import { FlipsButton } from './flips-dialog';

/** A whole number from 1 to `max`; anything else typed is not taken. */
function WholeNumberField({
  label,
  name,
  max,
  value,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  max: number;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <label className="flex items-center gap-1">
      <span className="muted">{label}</span>
      <input
        type="number"
        aria-label={name}
        className="control w-14 py-0"
        min={1}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (Number.isInteger(next) && next >= 1 && next <= max) onChange(next);
        }}
      />
    </label>
  );
}

/**
 * Evals (see lib/evals/CONTEXT.md): test cases, tool-list variants and model configurations, the grid run
 * through the chat route, and its results — in place of the Timeline until "Back to the timeline".
 */
export function EvalsPane() {
  const evals = useSession((state) => state.evals);
  const tools = useSession((state) => state.tools);
  const readOnly = useSession((state) => state.readOnly);
  const { showEvals, setEvalOptions } = useSessionActions();
  const runner = useEvalRunner();
  const variants = useMemo(() => suiteVariants(evals.variants, tools), [evals.variants, tools]);
  const configs = useMemo(() => suiteConfigs(evals.configs), [evals.configs]);
  const columns = useMemo(() => evalColumns(variants, configs), [variants, configs]);
  const offered = useMemo(
    () => tools.filter((tool) => tool.enabled).flatMap((tool) => readToolSummary(tool.source) ?? []),
    [tools],
  );
  const total = evals.cases.length * columns.length * evals.repeats;
  const { progress } = runner;

  return (
    <section aria-label="Evals" className="pane">
      <h2 className="pane-title">
        Evals
        <button type="button" className="button ml-auto px-1.5 py-0 normal-case" onClick={() => showEvals(false)}>
          Back to the timeline
        </button>
      </h2>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-3 text-sm">
        <EvalCasesEditor offered={offered} />
        <EvalColumnsEditor />
        <section aria-labelledby="eval-run-title" className="flex flex-col gap-1 text-xs">
          <h3 id="eval-run-title" className="font-semibold uppercase">
            Run
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1">
              <span className="muted">Each run</span>
              <select
                aria-label="Eval run mode"
                className="control py-0"
                value={evals.mode}
                disabled={readOnly}
                onChange={(event) => setEvalOptions({ mode: event.target.value as 'first-step' | 'full-loop' })}
              >
                <option value="full-loop">Full loop (tools run as set)</option>
                <option value="first-step">First step only (nothing runs)</option>
              </select>
            </label>
            <WholeNumberField
              label="Repeats"
              name="Eval repeats"
              max={20}
              value={evals.repeats}
              disabled={readOnly}
              onChange={(repeats) => setEvalOptions({ repeats })}
            />
            <WholeNumberField
              label="At once"
              name="Eval concurrency"
              max={8}
              value={evals.concurrency}
              disabled={readOnly}
              onChange={(concurrency) => setEvalOptions({ concurrency })}
            />
            {progress.running ? (
              <button type="button" className="button" onClick={runner.stop}>
                Stop evals
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                disabled={readOnly || evals.cases.length === 0}
                onClick={() => void runner.run(variants, configs)}
              >
                Run evals
              </button>
            )}
            <CompareRunsButton />
            <FlipsButton />
            <span className="muted">
              {evals.cases.length} {evals.cases.length === 1 ? 'case' : 'cases'} × {columns.length}{' '}
              {columns.length === 1 ? 'column' : 'columns'} × {evals.repeats} = {total} {total === 1 ? 'run' : 'runs'}
            </span>
          </div>
          {progress.total > 0 ? (
            <div className="flex items-center gap-2">
              <progress aria-label="Eval progress" className="h-2 flex-1" value={progress.done} max={progress.total} />
              <span role="status">
                {progress.done} / {progress.total}
                {progress.running ? ' running…' : progress.stopped ? ' — stopped' : ' — done'}
                {progress.running ? '' : verdictsSaid(countVerdicts(evals.runs))}
              </span>
            </div>
          ) : null}
          {progress.refused ? (
            <p role="alert" className="text-role-error">
              {progress.refused}
            </p>
          ) : null}
        </section>
        <EvalResultsTable cases={evals.cases} columns={columns} />
      </div>
    </section>
  );
}
