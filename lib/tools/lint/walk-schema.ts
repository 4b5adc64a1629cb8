type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON pointer segment list, e.g. `['properties', 'city']`. */
export type SchemaPath = (string | number)[];

/** Keywords whose value maps names to subschemas. */
export const MAP_KEYWORDS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];
/** Keywords whose value is one subschema. */
export const SCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
];
/** Keywords whose value is a list of subschemas (`items` may be either). */
export const LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** Calls `visit` for every subschema of `schema` (itself first), with its path. */
export function walkSchema(
  schema: unknown,
  visit: (node: Json, path: SchemaPath) => void,
  path: SchemaPath = [],
): void {
  if (!isObject(schema)) return;
  visit(schema, path);
  for (const keyword of MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isObject(map))
      for (const [name, child] of Object.entries(map)) walkSchema(child, visit, [...path, keyword, name]);
  }
  for (const keyword of SCHEMA_KEYWORDS) walkSchema(schema[keyword], visit, [...path, keyword]);
  for (const keyword of [...LIST_KEYWORDS, 'items']) {
    const list = schema[keyword];
    if (Array.isArray(list))
      for (const [index, child] of list.entries()) walkSchema(child, visit, [...path, keyword, index]);
  }
}

/** The node at `path` inside `root` (or undefined). */
export function getAtPath(root: unknown, path: SchemaPath): unknown {
  return path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Json)[key as string] : undefined),
    root,
  );
}
