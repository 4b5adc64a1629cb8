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
