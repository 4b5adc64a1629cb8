'use client';

import { useState } from 'react';
import { COMPAT_TARGET_INFO, COMPAT_TARGETS, type CompatTargetId } from '@/lib/shapes/compat';
import { formatToolSource } from '@/lib/shapes/tool-source';
import { makeCompatible } from '@/lib/tools/compat/make-compatible';
import { type ToolDefinition, toolDefinitionOf } from '@/lib/shapes/tool-formats';
import { rewriteEffects } from '@/lib/tools/compat/rewrite-effects';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';

type Outcome = { changes: string[]; conflicts: string[]; skipped: string[]; effects: string[] };

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
  const [outcome, setOutcome] = useState<Outcome>();

  const rewrite = () => {
    const result: Outcome = { changes: [], conflicts: [], skipped: [], effects: [] };
    const changes: { id: string; source: string }[] = [];
    const before: ToolDefinition[] = [];
    const after: ToolDefinition[] = [];
    for (const { draft, check } of tools) {
      if (check.kind !== 'valid') continue;
      if (draft.run.kind === 'mcp') {
        result.skipped.push(
          `${check.spec.name}: its definition is its MCP server's (Copy as editable tool to change it).`,
        );
        continue;
      }
      const made = makeCompatible(toolDefinitionOf(check.spec), targets);
      result.conflicts.push(...made.conflicts.map((conflict) => `${check.spec.name}: ${conflict}`));
      if (made.conflicts.length > 0 || made.changes.length === 0) continue;
      result.changes.push(...made.changes.map((change) => `${check.spec.name}: ${change}`));
      changes.push({ id: draft.id, source: formatToolSource(made.definition) });
      before.push(toolDefinitionOf(check.spec));
      after.push(made.definition);
    }
    result.effects = rewriteEffects(before, after, result.changes);
    editToolSources(
      `Make compatible with ${targets.map((target) => COMPAT_TARGET_INFO[target].label).join(', ')}`,
      changes,
    );
    setOutcome(result);
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
      {outcome ? (
        <div role="status" className="flex flex-col gap-1">
          <p>
            {outcome.changes.length === 0 && outcome.conflicts.length === 0
              ? 'Every tool already fits those targets as written: nothing changed.'
              : `${outcome.changes.length} ${outcome.changes.length === 1 ? 'change' : 'changes'}${outcome.conflicts.length > 0 ? `; ${outcome.conflicts.length} cannot be made to fit` : ''}.`}
          </p>
          {outcome.effects.length > 0 ? (
            <ul aria-label="What the rewrite changes in a run" className="list-disc pl-4 text-role-call">
              {outcome.effects.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {outcome.changes.length > 0 ? (
            // Folded: a long list would push the grid it changed out of sight.
            <details>
              <summary>What changed, tool by tool ({outcome.changes.length})</summary>
              <ul aria-label="What changed" className="muted list-disc pl-4">
                {outcome.changes.map((line, index) => (
                  <li key={`${index}:${line}`}>{line}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {[...outcome.conflicts, ...outcome.skipped].length > 0 ? (
            <ul aria-label="What could not be made to fit" className="list-disc pl-4 text-role-error">
              {[...outcome.conflicts, ...outcome.skipped].map((line, index) => (
                <li key={`${index}:${line}`}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
