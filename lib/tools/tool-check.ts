import type { RunnableTool, ToolDraft, ToolSpec } from '../shapes/tool-spec';

/** A problem in the editor text, with the character range it is about (for inline markers). */
export type ToolProblem = { message: string; offset: number; length: number };

/**
 * The outcome of checking one tool's editor text; `pending` while the checker (Ajv, loaded
 * after the page is interactive) is not there yet, with the name read from the text if it can be.
 */
export type ToolCheck = SourceCheck | { kind: 'pending'; name: string | undefined };

/** What the checker says of one definition's text. */
export type SourceCheck =
  | { kind: 'valid'; spec: ToolSpec; schemaKey: SchemaKey }
  | { kind: 'invalid'; name: string | undefined; problems: ToolProblem[] };

export type CheckedTool = { draft: ToolDraft; check: ToolCheck; duplicate: boolean };

/** The outcome of checking every tool: what the next run sends and what it leaves out. */
export type ToolSetCheck = {
  tools: CheckedTool[];
  /** Enabled, valid, uniquely named tools: what the model receives. */
  runnable: RunnableTool[];
  /** Enabled tools left out of the run, with why. */
  leftOut: { id: string; label: string; reason: string }[];
  /** Not checked yet: the checker is still loading (`runnable` and `leftOut` are empty until then). */
  pending: boolean;
};

/** Labels a tool in lists: its name when it can be read, else its position. */
export function toolLabel(check: ToolCheck, index: number): string {
  const name = check.kind === 'valid' ? check.spec.name : check.name;
  return name ?? `Tool ${index + 1}`;
}

/** The name a definition's text gives, read without parsing it (the checker is not loaded yet). */
function quickName(source: string): string | undefined {
  const match = /"name"\s*:\s*"((?:[^"\\]|\\.){1,200})"/.exec(source.slice(0, 4_000));
  if (!match) return undefined;
  try {
    return JSON.parse(`"${match[1]}"`) as string;
  } catch {
    return undefined;
  }
}

/** The tools before the checker has loaded: listed by name, none judged yet. */
export function pendingToolSetCheck(drafts: readonly ToolDraft[]): ToolSetCheck {
  return {
    tools: drafts.map((draft) => ({
      draft,
      check: { kind: 'pending', name: quickName(draft.source) },
      duplicate: false,
    })),
    runnable: [],
    leftOut: [],
    pending: true,
  };
}

/** Keys accepted for the input schema, in order of preference (seed 002 uses `parameters`). */
export const SCHEMA_KEYS = ['parameters', 'inputSchema', 'input_schema'] as const;
export type SchemaKey = (typeof SCHEMA_KEYS)[number];
