import { findNodeAtLocation, type Node } from 'jsonc-parser';

/** A character range in editor text. */
export type TextRange = { offset: number; length: number };

/**
 * The range of the value at `path` in a parsed JSON tree; where the path does not exist
 * (a missing property), the range of its nearest existing parent.
 */
export function locateJsonPath(tree: Node, path: readonly (string | number)[]): TextRange {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(tree, path.slice(0, depth) as (string | number)[]);
    if (node) return { offset: node.offset, length: node.length };
  }
  return { offset: 0, length: 1 };
}
