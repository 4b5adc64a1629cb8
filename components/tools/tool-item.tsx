'use client';

import { useEffect, useRef, useState } from 'react';
import { type CheckedTool, toolLabel } from '@/lib/tools/tool-check';
import { describeBadToolName, readToolName } from '@/lib/shapes/tool-source';
import { LINT_TARGET_LABELS } from '@/lib/tools/lint/lint-target';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { useToolInsights } from './use-tool-lint';
import { formatTokens, useToolTokenCountsInPane } from './use-tool-token-counts';

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

/** The selected tool's own actions: rename, duplicate, move, delete. */
function ToolItemActions({
  id,
  label,
  first,
  last,
  onRename,
}: {
  id: string;
  label: string;
  first: boolean;
  last: boolean;
  onRename: () => void;
}) {
  const actions = useSessionActions();
  return (
    <div className="mt-1 flex flex-wrap gap-1 pl-6 text-xs">
      <button type="button" className="button px-1.5 py-0 text-xs" aria-label={`Rename ${label}`} onClick={onRename}>
        Rename
      </button>
      <button
        type="button"
        className="button px-1.5 py-0 text-xs"
        aria-label={`Duplicate ${label}`}
        onClick={() => actions.duplicateTool(id)}
      >
        Duplicate
      </button>
      <button
        type="button"
        className="button px-1.5 py-0 text-xs"
        aria-label={`Move ${label} up`}
        disabled={first}
        onClick={() => actions.moveTool(id, -1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button px-1.5 py-0 text-xs"
        aria-label={`Move ${label} down`}
        disabled={last}
        onClick={() => actions.moveTool(id, 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="button px-1.5 py-0 text-xs text-role-error"
        aria-label={`Delete ${label}`}
        onClick={() => actions.deleteTool(id)}
      >
        Delete
      </button>
    </div>
  );
}

/** One tool in the list: enable, select, and (for the session's own tools) rename, duplicate, move, delete. */
export function ToolItem({
  tool: { draft, check, duplicate },
  index,
  first,
  last,
}: {
  tool: CheckedTool;
  /** Its place in the session's tool list (the label of a nameless tool). */
  index: number;
  first: boolean;
  last: boolean;
}) {
  const selected = useSession((state) => state.selectedToolId === draft.id);
  const readOnly = useSession((state) => state.readOnly);
  const actions = useSessionActions();
  const insights = useToolInsights();
  const [renaming, setRenaming] = useState(false);
  const label = toolLabel(check, index);
  const fromMcp = draft.run.kind === 'mcp';
  const problem =
    check.kind === 'invalid' ? check.problems[0]?.message : duplicate ? 'Duplicate name: left out.' : undefined;
  const findings = insights.findings.get(draft.id) ?? [];
  const counts = useToolTokenCountsInPane();
  const tokens = counts?.byId.get(draft.id);
  // The selected tool is in view: one just added (Add, Tool from code, Import) is at the list's end.
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) item.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <li ref={item} className={`px-3 py-1.5 ${selected ? 'bg-accent/10' : ''}`}>
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
          {renaming ? (
            <RenameField id={draft.id} current={label} onDone={() => setRenaming(false)} />
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
            <span>{fromMcp ? 'MCP server' : draft.run.kind}</span>
            {tokens !== undefined && counts ? (
              <span title={counts.label}>{formatTokens(tokens, counts.exact)}</span>
            ) : null}
            {insights.target && findings.length > 0 ? (
              <span className={findings.some((f) => f.severity === 'error') ? 'text-role-error' : 'text-role-call'}>
                {LINT_TARGET_LABELS[insights.target]}: {findings.length} {findings.length === 1 ? 'issue' : 'issues'}
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
      {/* An MCP tool is the server's: it changes through "Copy as editable tool" (its run panel). */}
      {selected && !renaming && !readOnly && !fromMcp ? (
        <ToolItemActions id={draft.id} label={label} first={first} last={last} onRename={() => setRenaming(true)} />
      ) : null}
    </li>
  );
}
