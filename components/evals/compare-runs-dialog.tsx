'use client';

import { useState } from 'react';
import { compareGrids, summaryCounts, type ComparedCell } from '@/lib/evals/eval-history';
import { cellSummary } from '@/lib/evals/eval-results';
import type { EvalRun } from '@/lib/shapes/eval-run';
import type { EvalGridRecord } from '@/lib/shapes/session-evals';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';

const gridLabel = (record: EvalGridRecord) =>
  `Run ${record.number} · ${new Date(record.at).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })}${record.stopped ? ' (stopped)' : ''}`;

/** One empty list for a session with no grids yet (a selector must return the same value each time). */
const NO_GRIDS: EvalGridRecord[] = [];

const VERDICT_TONES: Record<string, string> = {
  broke: 'font-semibold text-role-error',
  flaky: 'font-semibold',
  fixed: 'font-semibold text-role-result',
};

/** The runs of a grid the session still has (the newest's are the table's; two before it keep theirs). */
function useGridRuns() {
  const history = useSession((state) => state.evals.history ?? NO_GRIDS);
  const current = useSession((state) => state.evals.runs);
  return (record: EvalGridRecord | undefined): EvalRun[] | undefined =>
    record === undefined ? undefined : record.id === history.at(-1)?.id ? current : record.runs;
}

/** `Compare runs`: two `Run evals` of this session side by side, cell by cell — fixed, broke, still failing, flaky. */
export function CompareRunsButton() {
  const history = useSession((state) => state.evals.history ?? NO_GRIDS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={history.length < 2}
        title={history.length < 2 ? 'Run evals twice to compare two runs' : undefined}
        onClick={() => setOpen(true)}
      >
        Compare runs
      </button>
      {open ? <CompareRunsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CompareRunsDialog({ onClose }: { onClose: () => void }) {
  const history = useSession((state) => state.evals.history ?? NO_GRIDS);
  const readOnly = useSession((state) => state.readOnly);
  const { addBranches, showEvals } = useSessionActions();
  const runsOf = useGridRuns();
  const [beforeId, setBeforeId] = useState(history.at(-2)?.id);
  const [afterId, setAfterId] = useState(history.at(-1)?.id);
  const before = history.find((record) => record.id === beforeId);
  const after = history.find((record) => record.id === afterId);
  const rows = before && after ? compareGrids(before.cells, after.cells) : [];
  const cellRuns = (record: EvalGridRecord | undefined, row: ComparedCell) =>
    (runsOf(record) ?? []).filter(
      (run) => run.caseId === row.caseId && run.variantId === row.variantId && run.configId === row.configId,
    );
  const open = (row: ComparedCell) => {
    // The first failing run of the cell in each grid (or its first), where the grid kept its runs.
    const made = [before, after].flatMap((record) => {
      const runs = cellRuns(record, row);
      const run = runs.find((each) => !each.pass) ?? runs[0];
      return record && run && run.messages.length > 0
        ? [{ label: `Run ${record.number}: ${row.caseId}`, messages: run.messages }]
        : [];
    });
    addBranches(made);
    showEvals(false);
    onClose();
  };
  const choose = (label: string, value: string | undefined, onChange: (id: string) => void) => (
    <label className="flex items-center gap-1 text-xs">
      {label}
      <select className="control" value={value} onChange={(event) => onChange(event.target.value)}>
        {history.map((record) => (
          <option key={record.id} value={record.id}>
            {gridLabel(record)}
          </option>
        ))}
      </select>
    </label>
  );
  const summary = (cell: ComparedCell['before']) => (cell ? cellSummary({ counts: summaryCounts(cell) }) : '—');
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title="Compare runs"
      description="Two runs of the evals, cell by cell: what broke, what was fixed, what is flaky."
    >
      <div className="flex flex-wrap gap-2">
        {choose('Before', beforeId, setBeforeId)}
        {choose('After', afterId, setAfterId)}
      </div>
      <div className="max-h-[60vh] overflow-auto" role="group" aria-label="Cells compared" tabIndex={0}>
        <table aria-label="Compared runs" className="w-full text-xs">
          <thead>
            <tr>
              <th className="p-1 text-left">Case</th>
              <th className="p-1 text-left">Column</th>
              <th className="p-1 text-left">Before</th>
              <th className="p-1 text-left">After</th>
              <th className="p-1 text-left">Verdict</th>
              <th className="p-1 text-left">Runs</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const kept = cellRuns(before, row).length > 0 || cellRuns(after, row).length > 0;
              return (
                <tr
                  key={`${row.caseId}|${row.variantId}|${row.configId}`}
                  className="border-t border-[var(--border)] align-top"
                  title={[...(row.after?.reasons ?? [])].join('\n') || undefined}
                >
                  <td className="p-1 font-mono">{row.caseId}</td>
                  <td className="p-1">{row.column}</td>
                  <td className="p-1 font-mono">{summary(row.before)}</td>
                  <td className="p-1 font-mono">{summary(row.after)}</td>
                  <td className={`p-1 ${VERDICT_TONES[row.verdict] ?? ''}`}>{row.verdict}</td>
                  <td className="p-1">
                    <button
                      type="button"
                      className="button px-1.5 py-0"
                      aria-label={`Open the runs of ${row.caseId} on the timeline`}
                      disabled={readOnly || !kept}
                      title={kept ? undefined : 'Only the newest three runs keep their conversations.'}
                      onClick={() => open(row)}
                    >
                      Open
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
