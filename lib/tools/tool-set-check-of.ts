import { type CheckedTool, type SourceCheck, type ToolSetCheck, toolLabel } from './tool-check';
import type { RunnableTool, ToolDraft } from '../shapes/tool-spec';
import { coreToolTraits } from '../shapes/core-tool-definitions';

/** The tool set from each draft's check (made here or in the tool-check worker): what the next run sends. */
export function toolSetCheckOf(drafts: readonly ToolDraft[], checks: readonly SourceCheck[]): ToolSetCheck {
  const seen = new Set<string>();
  const tools = drafts.map((draft, index): CheckedTool => {
    const check = checks[index];
    const name = check.kind === 'valid' ? check.spec.name : undefined;
    const duplicate = name !== undefined && draft.enabled && seen.has(name);
    if (name !== undefined && draft.enabled) seen.add(name);
    return { draft, check, duplicate };
  });
  const runnable: RunnableTool[] = [];
  const leftOut: ToolSetCheck['leftOut'] = [];
  tools.forEach(({ draft, duplicate }, index) => {
    const check = checks[index];
    if (!draft.enabled) return;
    const label = toolLabel(check, index);
    if (check.kind === 'invalid') {
      leftOut.push({ id: draft.id, label, reason: check.problems[0]?.message ?? 'Invalid definition.' });
    } else if (duplicate) {
      leftOut.push({ id: draft.id, label, reason: `Another enabled tool is already named "${check.spec.name}".` });
    } else {
      runnable.push({
        spec: check.spec,
        run: draft.run,
        terminal: draft.terminal ?? coreToolTraits(check.spec.name).endsRun,
      });
    }
  });
  return { tools, runnable, leftOut, pending: false };
}
