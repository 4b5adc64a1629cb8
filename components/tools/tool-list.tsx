'use client';

import { useState } from 'react';
import { toolLabel } from '@/lib/tools/tool-check';
import { describeBadToolName, readToolName } from '@/lib/tools/edit-tool-source';
import { LINT_TARGET_LABELS } from '@/lib/tools/lint/lint-target';
import { useSession, useSessionActions, useToolSetCheck } from '../playground/runtime-context';
import { useToolInsights } from './use-tool-lint';

function RenameField({ id, current, onDone }: { id: string; current: string; onDone: () => void }) {
  const tools = useSession((state) => state.tools);
  const renameTool = useSession((state) => state.renameTool);
  const [name, setName] = useState(current);
  const taken = new Set(tools.filter((tool) => tool.id !== id).map((tool) => readToolName(tool.source) ?? ''));
  const problem = describeBadToolName(name, taken);
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        renameTool(id, name);
        onDone();
      }}
    >
      <input
        aria-label={`New name for ${current}`}
        className="control font-mono"
        value={name}
        autoFocus
        aria-invalid={problem ? 'true' : undefined}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onDone()}
      />
      {problem ? <p className="text-xs text-role-error">{problem}</p> : null}
    </form>
  );
}

/** The tools: enable, select, rename, reorder, duplicate, delete (undoable), with badges. */
export function ToolList() {
  const selectedToolId = useSession((state) => state.selectedToolId);
  const readOnly = useSession((state) => state.readOnly);
  const deletedTool = useSession((state) => state.deletedTool);
  const actions = useSessionActions();
  const { tools } = useToolSetCheck();
  const insights = useToolInsights();
  const [renaming, setRenaming] = useState<string>();

  return (
    <div className="h-full overflow-auto text-sm">
      {deletedTool ? (
        <p role="status" className="flex items-center gap-2 bg-role-call/10 px-3 py-1 text-xs">
          Deleted {readToolName(deletedTool.draft.source) ?? 'a tool'}.
          <button type="button" className="button ml-auto py-0" onClick={actions.undoDeleteTool}>
            Undo
          </button>
        </p>
      ) : null}
      <ul aria-label="Tool list">
        {tools.map(({ draft, check, duplicate }, index) => {
          const label = toolLabel(check, index);
          const selected = draft.id === selectedToolId;
          const problem =
            check.kind === 'invalid' ? check.problems[0]?.message : duplicate ? 'Duplicate name: left out.' : undefined;
          const findings = insights.findings.get(draft.id) ?? [];
          const tokens = insights.tokens.get(draft.id);
          return (
            <li key={draft.id} className={`px-3 py-1.5 ${selected ? 'bg-accent/10' : ''}`}>
              <div className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1"
                  aria-label={`Use ${label} in runs`}
                  checked={draft.enabled}
                  disabled={readOnly}
                  onChange={(event) => actions.setToolEnabled(draft.id, event.target.checked)}
                />
                <div className="min-w-0 flex-1">
                  {renaming === draft.id ? (
                    <RenameField id={draft.id} current={label} onDone={() => setRenaming(undefined)} />
                  ) : (
                    <button
                      type="button"
                      className="block max-w-full truncate text-left font-mono text-sm"
                      aria-current={selected ? 'true' : undefined}
                      onClick={() => actions.selectTool(draft.id)}
                    >
                      {label}
                    </button>
                  )}
                  {problem ? (
                    <p className="text-xs text-role-error" role="note">
                      {problem}
                    </p>
                  ) : null}
                  <p className="muted flex flex-wrap gap-x-2 text-xs">
                    <span>{draft.run.kind}</span>
                    {tokens !== undefined ? <span>≈ {tokens} tokens</span> : null}
                    {insights.target && findings.length > 0 ? (
                      <span
                        className={findings.some((f) => f.severity === 'error') ? 'text-role-error' : 'text-role-call'}
                      >
                        {LINT_TARGET_LABELS[insights.target]}: {findings.length}{' '}
                        {findings.length === 1 ? 'issue' : 'issues'}
                      </span>
                    ) : null}
                  </p>
                </div>
                <span
                  className={`mt-0.5 text-xs ${problem ? 'text-role-error' : check.kind === 'pending' ? 'muted' : 'text-role-result'}`}
                >
                  {problem ? 'invalid' : check.kind === 'pending' ? 'checking…' : 'valid'}
                </span>
              </div>
              {selected && renaming !== draft.id && !readOnly ? (
                <div className="mt-1 flex flex-wrap gap-1 pl-6 text-xs">
                  <button
                    type="button"
                    className="button px-1.5 py-0"
                    aria-label={`Rename ${label}`}
                    onClick={() => setRenaming(draft.id)}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    className="button px-1.5 py-0"
                    aria-label={`Duplicate ${label}`}
                    onClick={() => actions.duplicateTool(draft.id)}
                  >
                    Duplicate
                  </button>
                  <button
                    type="button"
                    className="button px-1.5 py-0"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => actions.moveTool(draft.id, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button px-1.5 py-0"
                    aria-label={`Move ${label} down`}
                    disabled={index === tools.length - 1}
                    onClick={() => actions.moveTool(draft.id, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button px-1.5 py-0 text-role-error"
                    aria-label={`Delete ${label}`}
                    onClick={() => actions.deleteTool(draft.id)}
                  >
                    Delete
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {tools.length === 0 ? (
        <p className="muted p-3 text-sm">No tools yet. Use Add tool for a template, or Import tools.</p>
      ) : null}
    </div>
  );
}
