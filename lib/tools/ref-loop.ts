/**
 * A `$ref` loop that never reaches a schema — `{"$defs": {"n": {"$ref": "#/$defs/n"}}}`, or two
 * definitions that refer to each other — which no validator can compile (Ajv's recursion runs out
 * of stack). Only in-document references (`#…` JSON pointers) are followed; each schema is
 * visited once, so the time is linear in the schema's size.
 */
export function refLoopOf(schema: unknown): string[] | undefined {
  const ends = new Set<string>();
  const stack: [unknown, string][] = [[schema, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node) && typeof (node as { $ref?: unknown }).$ref === 'string') {
      const loop = followRefs(schema, pointer, ends);
      if (loop) return loop;
    }
    // In document order: the first loop in the text is the one named.
    for (const [key, child] of Object.entries(node).reverse()) stack.push([child, `${pointer}/${escapePointer(key)}`]);
  }
  return undefined;
}

/** Follows `$ref` from the schema at `start` while each target is itself only a reference; the loop's pointers, if it closes. */
function followRefs(root: unknown, start: string, ends: Set<string>): string[] | undefined {
  const chain: string[] = [];
  const seen = new Set<string>();
  let pointer: string | undefined = start;
  while (pointer !== undefined && !ends.has(pointer)) {
    if (seen.has(pointer)) return [...chain.slice(chain.indexOf(pointer)), pointer].map((each) => `#${each}`);
    seen.add(pointer);
    chain.push(pointer);
    const ref: unknown = (resolvePointer(root, pointer) as { $ref?: unknown } | undefined)?.$ref;
    pointer = typeof ref === 'string' && ref.startsWith('#') ? decodeFragment(ref.slice(1)) : undefined;
    if (pointer !== undefined && resolvePointer(root, pointer) === undefined) pointer = undefined;
  }
  for (const each of chain) ends.add(each);
  return undefined;
}

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
