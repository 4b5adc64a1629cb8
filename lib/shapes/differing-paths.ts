/** How a path into a JSON value is written: `tools[2].function.description`, `a["odd key"]`. */
const keyPath = (base: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${base}${base ? '.' : ''}${key}` : `${base}[${JSON.stringify(key)}]`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The paths at which two JSON values differ, deepest first reached, in document order — a value
 * added, removed or changed each names its own path (at most `limit`).
 */
export function differingPaths(before: unknown, after: unknown, limit = 50): string[] {
  const paths: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (paths.length >= limit) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let index = 0; index < Math.max(a.length, b.length); index++) {
        if (index >= a.length || index >= b.length) paths.push(`${path}[${index}]`);
        else walk(a[index], b[index], `${path}[${index}]`);
        if (paths.length >= limit) return;
      }
      return;
    }
    if (isRecord(a) && isRecord(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
      for (const key of keys) {
        const inA = Object.hasOwn(a, key) && a[key] !== undefined;
        const inB = Object.hasOwn(b, key) && b[key] !== undefined;
        if (inA !== inB) paths.push(keyPath(path, key));
        else if (inA) walk(a[key], b[key], keyPath(path, key));
        if (paths.length >= limit) return;
      }
      return;
    }
    if (!Object.is(a, b)) paths.push(path || '(the whole value)');
  };
  walk(before, after, '');
  return paths;
}

/** The value at a path `differingPaths` wrote (`tools[2].description`, `a["odd key"]`), or `found: false`. */
export function valueAtPath(value: unknown, path: string): { found: true; value: unknown } | { found: false } {
  if (path === '(the whole value)') return { found: true, value };
  const steps = [...path.matchAll(/\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)];
  // Every character of the path must belong to a step (a path this file did not write is not read).
  if (steps.map((step) => step[0]).join('') !== path) return { found: false };
  let at: unknown = value;
  for (const [, name, index, quoted] of steps) {
    if (index !== undefined) {
      if (!Array.isArray(at) || Number(index) >= at.length) return { found: false };
      at = at[Number(index)];
      continue;
    }
    const key = name ?? (JSON.parse(quoted) as string);
    if (!isRecord(at) || !Object.hasOwn(at, key) || at[key] === undefined) return { found: false };
    at = at[key];
  }
  return { found: true, value: at };
}
