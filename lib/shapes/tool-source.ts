import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import { TOOL_NAME_PATTERN } from './tool-limits';

/** The editor text of a tool definition: pretty JSON, as a person would write it. */
export function formatToolSource(definition: unknown): string {
  return `${JSON.stringify(definition, null, 2)}\n`;
}

/** The `name` a tool's editor text declares, when it can be read (even from broken JSON). */
export function readToolName(source: string): string | undefined {
  const tree = parseTree(source);
  const node = tree && findNodeAtLocation(tree, ['name']);
  return typeof node?.value === 'string' ? node.value : undefined;
}

/** The `name` and `description` a tool's editor text declares, when its name can be read. */
export function readToolSummary(source: string): { name: string; description: string | undefined } | undefined {
  const tree = parseTree(source);
  const name = tree && findNodeAtLocation(tree, ['name'])?.value;
  const description = tree && findNodeAtLocation(tree, ['description'])?.value;
  return typeof name === 'string'
    ? { name, description: typeof description === 'string' ? description : undefined }
    : undefined;
}

/** The text with its `name` changed, formatting kept; undefined when the text is not an object. */
export function renameToolSource(source: string, name: string): string | undefined {
  const tree = parseTree(source);
  if (tree?.type !== 'object') return undefined;
  return applyEdits(source, modify(source, ['name'], name, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
}

/** `base`, or `base_2`, `base_3`… — the first that is not taken (kept within 64 characters). */
export function uniqueToolName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, 64 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Why `name` cannot be a tool's name, or undefined when it can. */
export function describeBadToolName(name: string, taken: ReadonlySet<string>): string | undefined {
  if (!TOOL_NAME_PATTERN.test(name)) return 'Use 1–64 letters, digits, "_" or "-".';
  if (taken.has(name)) return `Another tool is already named "${name}".`;
  return undefined;
}
