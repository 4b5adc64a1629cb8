/**
 * Orders a JSON Schema's keys as pydantic does (`GenerateJsonSchema.sort`): alphabetically at
 * every level, except the names under `properties` and the contents of a `default`, which keep
 * their order — so a generated schema reads like the one LangChain prints.
 */
export function sortLikePydantic<T>(value: T, parentKey?: string): T {
  if (Array.isArray(value)) return value.map((item) => sortLikePydantic(item, parentKey)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const ordered = parentKey === 'properties' || parentKey === 'default' ? keys : [...keys].sort();
  return Object.fromEntries(
    ordered.map((key) => [key, sortLikePydantic((value as Record<string, unknown>)[key], key)]),
  ) as T;
}

/**
 * LangChain's `_rm_titles`, line for line: drops every `title` key met through objects — but
 * not inside arrays (`anyOf`, `prefixItems`), which it does not walk — and keeps a property
 * that is itself named `title`.
 */
export function removeTitles(schema: Record<string, unknown>, parentKey = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (key === 'title') {
      if (isObject && parentKey === 'properties') out[key] = removeTitles(value as Record<string, unknown>, key);
    } else if (isObject) out[key] = removeTitles(value as Record<string, unknown>, key);
    else out[key] = value;
  }
  return out;
}
