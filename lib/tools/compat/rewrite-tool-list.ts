import { COMPAT_TARGET_INFO, type CompatTargetId } from '../../shapes/compat';
import { type ToolDefinition, toolDefinitionOf } from '../../shapes/tool-formats';
import { formatToolSource } from '../../shapes/tool-source';
import type { CheckedTool } from '../tool-check';
import { makeCompatible } from './make-compatible';
import { rewriteEffects } from './rewrite-effects';

/** What `Make compatible with…` did: each change, what cannot fit, what it left alone, and what changes in a run. */
export type RewriteReport = { changes: string[]; conflicts: string[]; skipped: string[]; effects: string[] };

/**
 * Every valid tool of the list rewritten so each target takes it as written: the new sources (one
 * edit, named for the targets) and the report. A tool with a conflict is left as it is; an MCP tool
 * is its server's, and is skipped.
 */
export function rewriteToolList(
  tools: readonly CheckedTool[],
  targets: readonly CompatTargetId[],
): { label: string; sources: { id: string; source: string }[]; report: RewriteReport } {
  const report: RewriteReport = { changes: [], conflicts: [], skipped: [], effects: [] };
  const sources: { id: string; source: string }[] = [];
  const before: ToolDefinition[] = [];
  const after: ToolDefinition[] = [];
  for (const { draft, check } of tools) {
    if (check.kind !== 'valid') continue;
    if (draft.run.kind === 'mcp') {
      report.skipped.push(
        `${check.spec.name}: its definition is its MCP server's (Copy as editable tool to change it).`,
      );
      continue;
    }
    const made = makeCompatible(toolDefinitionOf(check.spec), targets);
    report.conflicts.push(...made.conflicts.map((conflict) => `${check.spec.name}: ${conflict}`));
    if (made.conflicts.length > 0 || made.changes.length === 0) continue;
    report.changes.push(...made.changes.map((change) => `${check.spec.name}: ${change}`));
    sources.push({ id: draft.id, source: formatToolSource(made.definition) });
    before.push(toolDefinitionOf(check.spec));
    after.push(made.definition);
  }
  report.effects = rewriteEffects(before, after, report.changes);
  const label = `Make compatible with ${targets.map((target) => COMPAT_TARGET_INFO[target].label).join(', ')}`;
  return { label, sources, report };
}

/** The report's first line. */
export function rewriteSummary(report: RewriteReport): string {
  if (report.changes.length === 0 && report.conflicts.length === 0)
    return 'Every tool already fits those targets as written: nothing changed.';
  const changes = `${report.changes.length} ${report.changes.length === 1 ? 'change' : 'changes'}`;
  return `${changes}${report.conflicts.length > 0 ? `; ${report.conflicts.length} cannot be made to fit` : ''}.`;
}
