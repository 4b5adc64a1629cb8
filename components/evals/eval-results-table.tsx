'use client';

import dynamic from 'next/dynamic';
import { Fragment, useMemo, useState } from 'react';
import type { EvalCase } from '@/lib/shapes/eval-case';
import type { EvalRun } from '@/lib/shapes/eval-run';
import {
  cellPassHat,
  cellPassHatAll,
  cellSummary,
  type EvalCell,
  type EvalColumn,
  evalCells,
  gradedCount,
  evalResultsCsv,
  evalResultsJson,
  isFlaky,
  passHatText,
} from '@/lib/evals/eval-results';
import { estimateCost, formatDollars } from '@/lib/evals/model-prices';
import { countVerdicts, gradedRuns, runVerdict } from '@/lib/evals/run-verdict';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { downloadText } from '../ui/download-text';
import { readToolName } from '@/lib/shapes/tool-source';

// Its code loads when a failing cell asks for it.
const ImproveDescriptionDialog = dynamic(() => import('../shared/improve-description-dialog'), { ssr: false });

const TONES = {
  pass: 'bg-role-result/20 text-role-result',
  some: 'bg-role-call/20 text-role-call',
  fail: 'bg-role-error/15 text-role-error',
  /** Nothing graded: the model could not be asked, or no check ran. */
  none: 'border border-dashed border-[var(--border)] muted',
};

const VERDICT_TEXT = {
  passed: { text: 'passed', tone: 'text-role-result' },
  failed: { text: 'failed', tone: 'text-role-error' },
  error: { text: 'error (the model could not be asked)', tone: 'muted' },
  'not-checked': { text: 'not checked (no check of this case ran)', tone: 'muted' },
} as const;

/** From a cell that failed: Improve description of the tool its case expects (when the session has it). */
function ImproveFromCell({ testCase, runs }: { testCase: EvalCase | undefined; runs: EvalRun[] }) {
  const tools = useSession((state) => state.tools);
  const readOnly = useSession((state) => state.readOnly);
  const [open, setOpen] = useState(false);
  const names = new Set(tools.map((tool) => readToolName(tool.source)));
  const tool = testCase?.expect.calls.map((call) => call.tool).find((name) => names.has(name));
  if (!tool || readOnly || !runs.some((run) => runVerdict(run) === 'failed')) return null;
  return (
    <>
      <button type="button" className="button px-1.5 py-0" onClick={() => setOpen(true)}>
        Improve description
      </button>
      <span className="muted">{`of ${tool}, the tool this case expects`}</span>
      {open ? <ImproveDescriptionDialog toolName={tool} onOpenChange={setOpen} /> : null}
    </>
  );
}

/** The runs of one cell, each with why it failed and a way onto the timeline. */
function CellRuns({
  title,
  runs,
  testCase,
  onClose,
}: {
  title: string;
  runs: EvalRun[];
  testCase: EvalCase | undefined;
  onClose: () => void;
}) {
  const readOnly = useSession((state) => state.readOnly);
  const { startBranch, showEvals } = useSessionActions();
  return (
    <section aria-label={`Runs of ${title}`} className="rounded border border-[var(--border)] p-2 text-xs">
      <div className="flex items-center gap-2">
        <h4 className="font-semibold">{title}</h4>
        <ImproveFromCell testCase={testCase} runs={runs} />
        <button type="button" className="button ml-auto px-1.5 py-0" onClick={onClose}>
          Close
        </button>
      </div>
      <ol>
        {runs.map((run, index) => (
          <li
            key={`${run.repeat}-${index}`}
            className="flex flex-wrap items-start gap-2 border-t border-[var(--border)] py-1"
          >
            <span className={VERDICT_TEXT[runVerdict(run)].tone}>
              Run {index + 1}: {VERDICT_TEXT[runVerdict(run)].text}
            </span>
            <span className="muted">
              {Math.round(run.ms)} ms · {run.inputTokens} → {run.outputTokens} tokens
            </span>
            <button
              type="button"
              className="button ml-auto px-1.5 py-0"
              disabled={readOnly || run.messages.length === 0}
              onClick={() => {
                startBranch(run.messages);
                showEvals(false);
              }}
            >
              Open run {index + 1} on the timeline
            </button>
            {run.error || run.failures.length > 0 ? (
              <ul className="w-full list-disc pl-5 text-role-error">
                {run.error ? <li>{run.error}</li> : null}
                {run.failures.map((failure) => (
                  <li key={failure.message}>{failure.message}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A cell's tone: all graded runs passed, some, none — or nothing graded. */
function toneOf(cell: EvalCell): string {
  const graded = gradedCount(cell);
  if (graded === 0) return TONES.none;
  if (cell.passed === graded) return TONES.pass;
  return cell.passed === 0 ? TONES.fail : TONES.some;
}

/** One case in one column: "3/3" (opens its runs), its pass^k and a flaky mark. */
function ResultCell({
  testCase,
  column,
  cell,
  onOpen,
}: {
  testCase: EvalCase;
  column: EvalColumn;
  cell: EvalCell;
  onOpen: () => void;
}) {
  const total = cell.runs.length;
  const graded = gradedCount(cell);
  const summary = cellSummary(cell);
  const cost = estimateCost(
    column.config.settings.provider ?? 'simulated',
    column.config.settings.model ?? '',
    cell.inputTokens,
    cell.outputTokens,
  );
  const figures = `${Math.round(cell.ms / total)} ms a run · ${cell.inputTokens} → ${cell.outputTokens} tokens · ${formatDollars(cost)}`;
  const every = cellPassHatAll(cell);
  const flaky = isFlaky(cell);
  return (
    <td className="whitespace-nowrap p-1">
      <button
        type="button"
        className={`rounded px-1.5 font-mono ${toneOf(cell)}`}
        title={[figures, ...cell.reasons].join('\n')}
        aria-label={`${testCase.id}, ${column.label}: ${graded === 0 ? summary : `${summary.replace(' flaky', '')} passed`}${every === undefined ? '' : `, pass^${graded} ${every.toFixed(2)}`}${flaky ? ', flaky' : ''}${cell.reasons.length ? ` — ${cell.reasons.join(' ')}` : ''}`}
        onClick={onOpen}
      >
        {summary.replace(' flaky', '')}
      </button>
      {every === undefined ? null : (
        <span
          className="muted ml-1 font-mono"
          title={`pass^${graded}: the chance that ${graded} runs drawn from these ${graded} all pass — ${every === 0 ? '0 because at least one failed' : every.toFixed(2)}. "Does it work every time?"`}
        >
          pass^{graded} {every.toFixed(2)}
        </span>
      )}
      {flaky ? (
        <span
          className="ml-1 rounded border border-[var(--border)] px-1"
          title="Some runs passed and some failed: the case does not hold every time."
        >
          flaky
        </span>
      ) : null}
    </td>
  );
}

/** The pass^k column beside a column, for cases run with repeats. */
function PassHatCell({ cell }: { cell: EvalCell | undefined }) {
  const hat = cellPassHat(cell);
  return (
    <td className="p-1 font-mono" title="pass^k: the chance that k runs drawn from these all pass, for k = 1…runs">
      {hat.length > 0 ? passHatText(hat) : '—'}
    </td>
  );
}

/** A column's total: passed of graded, errors, not checked, with its tokens and cost on hover. */
function TotalCell({ column, runs }: { column: EvalColumn; runs: EvalRun[] }) {
  const counts = countVerdicts(runs);
  const input = runs.reduce((sum, run) => sum + run.inputTokens, 0);
  const output = runs.reduce((sum, run) => sum + run.outputTokens, 0);
  const cost = estimateCost(
    column.config.settings.provider ?? 'simulated',
    column.config.settings.model ?? '',
    input,
    output,
  );
  return (
    <td className="p-1" title={`${input} → ${output} tokens · ${formatDollars(cost)}`}>
      {counts.passed}/{gradedRuns(counts)} passed
      {counts.error > 0 ? ` · ${counts.error} error${counts.error === 1 ? '' : 's'}` : ''}
      {counts['not-checked'] > 0 ? ` · ${counts['not-checked']} not checked` : ''}
    </td>
  );
}

/** Rows = cases, columns = variant × configuration, cells = runs passed ("3/3"); totals; CSV and JSON. */
export function EvalResultsTable({ cases, columns }: { cases: EvalCase[]; columns: EvalColumn[] }) {
  const runs = useSession((state) => state.evals.runs);
  const cells = useMemo(() => evalCells(runs), [runs]);
  const [open, setOpen] = useState<{ caseId: string; column: string }>();
  if (runs.length === 0) return <p className="muted text-xs">No results yet: Run evals fills this table.</p>;
  const opened = open ? cells.get(`${open.caseId}|${open.column}`) : undefined;
  // Cases run with repeats get a pass^k column beside each column: does it pass every time?
  const repeated = [...cells.values()].some((cell) => cell.runs.length > 1);
  const openedTitle = open
    ? `${open.caseId} · ${columns.find((column) => column.key === open.column)?.label ?? ''}`
    : '';
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-auto">
        <table aria-label="Eval results" className="w-full border-collapse text-xs">
          <thead>
            <tr>
              <th scope="col" className="p-1 text-left">
                Case
              </th>
              {columns.map((column) => (
                <Fragment key={column.key}>
                  <th scope="col" className="p-1 text-left">
                    {column.label}
                  </th>
                  {repeated ? (
                    <th scope="col" className="p-1 text-left">
                      {column.label} pass^k
                    </th>
                  ) : null}
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {cases.map((testCase) => (
              <tr key={testCase.id} className="border-t border-[var(--border)]">
                <th scope="row" className="p-1 text-left font-mono font-normal" title={testCase.prompt}>
                  {testCase.name ?? testCase.id}
                </th>
                {columns.map((column) => {
                  const cell = cells.get(`${testCase.id}|${column.key}`);
                  return (
                    <Fragment key={column.key}>
                      {cell ? (
                        <ResultCell
                          testCase={testCase}
                          column={column}
                          cell={cell}
                          onOpen={() => setOpen({ caseId: testCase.id, column: column.key })}
                        />
                      ) : (
                        <td className="muted p-1">—</td>
                      )}
                      {repeated ? <PassHatCell cell={cell} /> : null}
                    </Fragment>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-[var(--border)]">
              <th scope="row" className="p-1 text-left">
                Total
              </th>
              {columns.map((column) => (
                <Fragment key={column.key}>
                  <TotalCell
                    column={column}
                    runs={cases.flatMap((testCase) => cells.get(`${testCase.id}|${column.key}`)?.runs ?? [])}
                  />
                  {repeated ? <td className="p-1" /> : null}
                </Fragment>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      {open && opened ? (
        <CellRuns
          title={openedTitle}
          runs={opened.runs}
          testCase={cases.find((each) => each.id === open.caseId)}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
      <div className="flex gap-1 text-xs">
        <button
          type="button"
          className="button"
          onClick={() => downloadText('eval-results.csv', evalResultsCsv(cases, columns, cells), 'text/csv')}
        >
          Export results CSV
        </button>
        <button
          type="button"
          className="button"
          onClick={() => downloadText('eval-results.json', evalResultsJson(cases, columns, runs))}
        >
          Export results JSON
        </button>
      </div>
    </div>
  );
}
