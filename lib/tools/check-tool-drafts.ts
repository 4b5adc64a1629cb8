import { checkToolSource, type ToolCheck } from './check-tool-source';
import type { SchemaChecker } from './create-schema-checker';
import type { RunnableTool, ToolDraft } from './tool-spec';
import { coreToolTraits } from './core-tool-definitions';

export type CheckedTool = { draft: ToolDraft; check: ToolCheck; duplicate: boolean };

/** The outcome of checking every tool: what the next run sends and what it leaves out. */
export type ToolSetCheck = {
  tools: CheckedTool[];
  /** Enabled, valid, uniquely named tools: what the model receives. */
  runnable: RunnableTool[];
  /** Enabled tools left out of the run, with why. */
  leftOut: { id: string; label: string; reason: string }[];
};

/** Labels a tool in lists: its name when it can be read, else its position. */
export function toolLabel(check: ToolCheck, index: number): string {
  const name = check.kind === 'valid' ? check.spec.name : check.name;
  return name ?? `Tool ${index + 1}`;
}

/** Checks every draft and works out which tools the next run sends. */
export function checkToolDrafts(drafts: readonly ToolDraft[], checker: SchemaChecker): ToolSetCheck {
  const checks = drafts.map((draft) => checkToolSource(draft.source, checker));
  const seen = new Set<string>();
  const tools = drafts.map((draft, index) => {
    const check = checks[index];
    const name = check.kind === 'valid' ? check.spec.name : undefined;
    const duplicate = name !== undefined && draft.enabled && seen.has(name);
    if (name !== undefined && draft.enabled) seen.add(name);
    return { draft, check, duplicate };
  });
  const runnable: RunnableTool[] = [];
  const leftOut: ToolSetCheck['leftOut'] = [];
  tools.forEach(({ draft, check, duplicate }, index) => {
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
  return { tools, runnable, leftOut };
}
