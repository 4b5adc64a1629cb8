'use client';

import { useMemo, useState } from 'react';
import { evalColumns } from '@/lib/evals/eval-results';
import { buildToolStats, pickRate, TOOL_ERROR_KINDS, toolStatsCsv } from '@/lib/evals/tool-stats';
import { readToolName } from '@/lib/shapes/tool-source';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { downloadText } from '../ui/download-text';
import { useToolTokenCountsInPane } from './use-tool-token-counts';

const SESSION = 'session';
const ERROR_LABELS = {
  validation: 'Invalid',
  execution: 'Failed',
  timeout: 'Timed out',
  blocked: 'Blocked',
  stopped: 'Stopped',
} as const;
const ms = (value: number | undefined) => (value === undefined ? '—' : `${value} ms`);

/** The stats of the runs in scope: this session's, or one column of the last eval grid. */
function useToolStatsRows(scope: string, counts: ReturnType<typeof useToolTokenCountsInPane>) {
  const messages = useSession((state) => state.messages);
  const outcomes = useSession((state) => state.outcomes);
  const durations = useSession((state) => state.durations);
  const evals = useSession((state) => state.evals);
  const { runnable } = useToolSetCheck();
  const columns = useMemo(
    () =>
      evalColumns(evals.variants, evals.configs).filter((column) =>
        evals.runs.some((run) => `${run.variantId}|${run.configId}` === column.key),
      ),
    [evals],
  );
  const rows = useMemo(() => {
    const column = columns.find((each) => each.key === scope);
    if (!column) {
      // The same counting as the tool list (undefined while it counts).
      const tools = new Map(runnable.map((tool) => [tool.spec.name, counts?.byName.get(tool.spec.name)]));
      return buildToolStats({ messages, outcomes, durations, tools });
    }
    const runs = evals.runs.filter((run) => `${run.variantId}|${run.configId}` === column.key);
    const names = column.variant.tools
      .map((draft) => readToolName(draft.source))
      .filter((name): name is string => name !== undefined);
    return buildToolStats({
      messages: runs.flatMap((run) => run.messages),
      tools: new Map(names.map((name) => [name, undefined])),
    });
  }, [columns, scope, runnable, messages, outcomes, durations, evals.runs, counts]);
  const scopeLabel = columns.find((each) => each.key === scope)?.label ?? 'This session';
  return { columns, rows, scopeLabel };
}

/**
 * "Tool stats": per tool, how often it was called and how it ended, how long it took, what its
 * schema costs and how often the model picked it when offered — for this session, or for one
 * column of the last eval grid.
 */
export function ToolStatsPanel({ onClose }: { onClose: () => void }) {
  const [scope, setScope] = useState(SESSION);
  const counts = useToolTokenCountsInPane();

  const { columns, rows, scopeLabel } = useToolStatsRows(scope, counts);

  return (
    // Thirteen columns want the width of the page, not of the Tools pane: a wide dialog.
    <Dialog
      open
      onOpenChange={(open) => open || onClose()}
      title="Tool stats"
      className="w-[min(72rem,calc(100vw-1rem))]"
    >
      <section aria-label="Tool stats" className="flex max-h-[70vh] flex-col gap-1 overflow-auto text-xs">
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1">
            <span className="muted">Runs</span>
            <select
              aria-label="Runs"
              className="control py-0.5"
              value={scope}
              onChange={(event) => setScope(event.target.value)}
            >
              <option value={SESSION}>This session</option>
              {columns.map((column) => (
                <option key={column.key} value={column.key}>
                  Eval: {column.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button px-2 py-0.5 text-xs"
            onClick={() => downloadText('tool-stats.csv', toolStatsCsv(rows, scopeLabel), 'text/csv')}
          >
            Export CSV
          </button>
        </div>
        <table className="w-full border-collapse whitespace-nowrap text-left tabular-nums [&_td]:pr-2 [&_th]:pr-2">
          <caption className="sr-only">Calls per tool in {scopeLabel}, most called first</caption>
          <thead className="muted">
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Calls</th>
              <th scope="col">OK</th>
              {TOOL_ERROR_KINDS.map((kind) => (
                <th key={kind} scope="col">
                  {ERROR_LABELS[kind]}
                </th>
              ))}
              <th scope="col">Retries</th>
              <th scope="col">Median</th>
              <th scope="col">p95</th>
              <th scope="col" title={`Prompt tokens of the definition — ${counts?.label ?? ''}`}>
                Tokens
              </th>
              <th scope="col" title="Steps that called it, of the steps that offered it">
                Picked
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tool} className="border-t border-[var(--border)]">
                <th scope="row" className="font-mono font-normal">
                  {row.tool}
                </th>
                <td>{row.calls}</td>
                <td>{row.successes}</td>
                {TOOL_ERROR_KINDS.map((kind) => (
                  <td key={kind}>{row.errors[kind]}</td>
                ))}
                <td>{row.retries}</td>
                <td>{ms(row.medianMs)}</td>
                <td>{ms(row.p95Ms)}</td>
                <td>
                  {row.schemaTokens === undefined
                    ? '—'
                    : `${counts?.exact ? '' : '≈ '}${row.schemaTokens.toLocaleString('en-US')}`}
                </td>
                <td>{pickRate(row) === undefined ? '—' : `${pickRate(row)}% (${row.picked}/${row.offered})`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.every((row) => row.calls === 0) ? (
          <p className="muted">No calls yet: run the conversation and they are counted here.</p>
        ) : null}
      </section>
    </Dialog>
  );
}
