'use client';

import { useState } from 'react';
import { COMPAT_TARGET_INFO, COMPAT_TARGETS, type CompatTargetId } from '@/lib/shapes/compat';
import { type RewriteReport, rewriteSummary, rewriteToolList } from '@/lib/tools/compat/rewrite-tool-list';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';

/** What the rewrite did: a line, what changes in a run, each change (folded), what cannot fit. */
function RewriteReportView({ report }: { report: RewriteReport }) {
  return (
    <div role="status" className="flex flex-col gap-1">
      <p>{rewriteSummary(report)}</p>
      {report.effects.length > 0 ? (
        <ul aria-label="What the rewrite changes in a run" className="list-disc pl-4 text-role-call">
          {report.effects.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {report.changes.length > 0 ? (
        // Folded: a long list would push the grid it changed out of sight.
        <details>
          <summary>What changed, tool by tool ({report.changes.length})</summary>
          <ul aria-label="What changed" className="muted list-disc pl-4">
            {report.changes.map((line, index) => (
              <li key={`${index}:${line}`}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {[...report.conflicts, ...report.skipped].length > 0 ? (
        <ul aria-label="What could not be made to fit" className="list-disc pl-4 text-role-error">
          {[...report.conflicts, ...report.skipped].map((line, index) => (
            <li key={`${index}:${line}`}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * `Make compatible with…`: pick targets; every tool is rewritten so each takes it as written (one
 * edit, undone by `Undo Make compatible`), and what moved, was lost or cannot fit is listed.
 */
export function MakeCompatibleForm() {
  const { tools } = useToolSetCheck();
  const readOnly = useSession((state) => state.readOnly);
  const editToolSources = useSession((state) => state.editToolSources);
  const undoToolEdit = useSession((state) => state.undoToolEdit);
  const edited = useSession((state) => state.editedTools);
  const [open, setOpen] = useState(false);
  const [targets, setTargets] = useState<CompatTargetId[]>([]);
  const [outcome, setOutcome] = useState<RewriteReport>();

  const rewrite = () => {
    const made = rewriteToolList(tools, targets);
    editToolSources(made.label, made.sources);
    setOutcome(made.report);
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="button"
          aria-expanded={open}
          disabled={readOnly}
          onClick={() => setOpen(!open)}
        >
          Make compatible with…
        </button>
        {edited ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              undoToolEdit();
              setOutcome(undefined);
            }}
          >
            Undo Make compatible
          </button>
        ) : null}
      </div>
      {open ? (
        <fieldset className="flex flex-wrap items-center gap-2 rounded-md border border-[var(--border)] p-2">
          <legend className="px-1">Targets every tool must fit as written</legend>
          {COMPAT_TARGETS.map((target) => (
            <label key={target} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={targets.includes(target)}
                onChange={(event) =>
                  setTargets(event.target.checked ? [...targets, target] : targets.filter((each) => each !== target))
                }
              />
              {COMPAT_TARGET_INFO[target].label}
            </label>
          ))}
          <button type="button" className="button button-primary" disabled={targets.length === 0} onClick={rewrite}>
            Rewrite the tools
          </button>
        </fieldset>
      ) : null}
      {outcome ? <RewriteReportView report={outcome} /> : null}
    </div>
  );
}
