import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import type { Rewrite } from './rewrite-proposals';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2 } };

/**
 * A tool's editor text with a rewrite applied — its `description`, and each named parameter's
 * `description` where that parameter is in `parameters.properties` — the rest of the text and its
 * formatting kept; undefined when the text is not an object.
 */
export function rewriteToolSource(source: string, rewrite: Rewrite): string | undefined {
  const tree = parseTree(source);
  if (tree?.type !== 'object') return undefined;
  let text = applyEdits(source, modify(source, ['description'], rewrite.description, FORMAT));
  for (const [name, description] of Object.entries(rewrite.parameters)) {
    const property = findNodeAtLocation(parseTree(text) ?? tree, ['parameters', 'properties', name]);
    if (property?.type !== 'object') continue;
    text = applyEdits(text, modify(text, ['parameters', 'properties', name, 'description'], description, FORMAT));
  }
  return text;
}
