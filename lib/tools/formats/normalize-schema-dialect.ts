import { LIST_KEYWORDS, MAP_KEYWORDS, SCHEMA_KEYWORDS } from '../lint/walk-schema';
/** Non-standard `type` names seen in real tool definitions, and their JSON Schema meaning. */
const TYPE_ALIASES: Record<string, string | null> = {
  dict: 'object',
  float: 'number',
  double: 'number',
  int: 'integer',
  long: 'integer',
  bool: 'boolean',
  str: 'string',
  list: 'array',
  tuple: 'array',
  any: null,
  '': null,
};
const STANDARD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
/** Keywords outside JSON Schema that some dialects add; dropped on import. */
const FOREIGN_KEYWORDS = ['optional'];

export type DialectResult = { schema: Record<string, unknown>; notes: string[] };

function normalizeType(type: unknown, at: string, notes: string[]): { type?: unknown; drop: boolean } {
  if (typeof type !== 'string') return { type, drop: false };
  if (STANDARD_TYPES.has(type)) return { type, drop: false };
  const lower = type.toLowerCase();
  if (STANDARD_TYPES.has(lower)) {
    notes.push(`${at}: type "${type}" written as "${lower}".`);
    return { type: lower, drop: false };
  }
  if (lower in TYPE_ALIASES) {
    const mapped = TYPE_ALIASES[lower];
    if (mapped === null) {
      notes.push(`${at}: type "${type}" has no JSON Schema equivalent; the type was removed (any value).`);
      return { drop: true };
    }
    notes.push(`${at}: type "${type}" converted to "${mapped}".`);
    return { type: mapped, drop: false };
  }
  return { type, drop: false };
}

/**
 * Rewrites the dialects real tool definitions use into standard JSON Schema: BFCL's `dict`,
 * `float`, `tuple`, `any`; Gemini's upper-case types and `nullable`; the `optional` keyword.
 * Returns the new schema (the input is not changed) and one note per rewrite.
 */
export function normalizeSchemaDialect(schema: Record<string, unknown>, at = 'parameters'): DialectResult {
  const notes: string[] = [];
  const visit = (node: unknown, path: string): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => visit(item, `${path}[${index}]`));
    if (!node || typeof node !== 'object') return node;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'type') {
        const { type, drop } = Array.isArray(value)
          ? { type: value.map((item) => normalizeType(item, path, notes).type), drop: false }
          : normalizeType(value, path, notes);
        if (!drop) result.type = type;
      } else if (FOREIGN_KEYWORDS.includes(key)) {
        notes.push(`${path}: non-standard keyword "${key}" removed.`);
      } else if (MAP_KEYWORDS.includes(key)) {
        result[key] =
          value && typeof value === 'object' && !Array.isArray(value)
            ? Object.fromEntries(
                Object.entries(value).map(([name, child]) => [name, visit(child, `${path}.${key}.${name}`)]),
              )
            : value;
      } else if (SCHEMA_KEYWORDS.includes(key) || LIST_KEYWORDS.includes(key)) {
        result[key] = visit(value, `${path}.${key}`);
      } else {
        result[key] = value;
      }
    }
    if (result.nullable === true && typeof result.type === 'string') {
      notes.push(`${path}: "nullable: true" written as type ["${result.type}", "null"].`);
      result.type = [result.type, 'null'];
      delete result.nullable;
    }
    return result;
  };
  return { schema: visit(schema, at) as Record<string, unknown>, notes };
}
