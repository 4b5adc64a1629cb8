import { INPUT_LIMITS } from './input-limits';

export type DepthCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether `value` nests objects and arrays no deeper than `maxDepth`. Walks with its own
 * stack, not recursion, so a value nested 100,000 levels deep is measured without a stack
 * overflow — which is what would happen later in zod, the AI SDK or React.
 */
export function checkJsonDepth(value: unknown, maxDepth: number = INPUT_LIMITS.maxJsonDepth): DepthCheck {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) {
      return { ok: false, message: `it nests deeper than ${maxDepth} levels` };
    }
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return { ok: true };
}

/**
 * The same bound on JSON text, before any parser (some parsers recurse): counts open
 * brackets outside strings. Returns where the text first goes too deep, for an editor marker.
 */
export function checkJsonTextDepth(
  text: string,
  maxDepth: number = INPUT_LIMITS.maxJsonDepth,
): DepthCheck & { offset?: number } {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      depth++;
      if (depth > maxDepth) return { ok: false, message: `it nests deeper than ${maxDepth} levels`, offset: index };
    } else if (char === '}' || char === ']') depth = Math.max(0, depth - 1);
  }
  return { ok: true };
}
