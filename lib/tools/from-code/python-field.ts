import {
  ELLIPSIS,
  isJson,
  type JsonValue,
  type PySyntaxNode,
  type PyValue,
  readCallArguments,
  readString,
  readValue,
  simpleName,
} from './python-syntax';

type Schema = Record<string, unknown>;

/** What pydantic's `Field(...)` (or a plain default) says of one field, as JSON Schema keywords. */
export type FieldInfo = {
  /** Whether the field has a default (a value, `None`, or a factory). */
  hasDefault: boolean;
  /** The default as JSON, written into the schema (a factory's is not, as pydantic does). */
  default?: JsonValue;
  description?: string;
  /** A string in `Annotated[X, "…"]`: LangChain's description for a function's parameter. */
  annotatedText?: string;
  alias?: string;
  /** Keywords pydantic derives from the constraints (`ge` → `minimum`, …), resolved by the field's type. */
  constraints: Map<string, JsonValue>;
  extra: Schema;
  notes: string[];
};

const NUMBER_CONSTRAINTS: Record<string, string> = {
  ge: 'minimum',
  gt: 'exclusiveMinimum',
  le: 'maximum',
  lt: 'exclusiveMaximum',
  multiple_of: 'multipleOf',
};
const IGNORED = new Set([
  'title',
  'strict',
  'frozen',
  'repr',
  'init',
  'init_var',
  'kw_only',
  'validate_default',
  'exclude',
]);

export const emptyField = (): FieldInfo => ({ hasDefault: false, constraints: new Map(), extra: {}, notes: [] });

/** Whether the expression is a call of pydantic's `Field`. */
export const isFieldCall = (node: PySyntaxNode) =>
  node.type === 'call' && simpleName(node.childForFieldName('function') ?? node) === 'Field';

/**
 * Reads a field's right-hand side: `Field(default, description=…, ge=…, …)` or a plain default.
 * `resolveName` reads names (enum members); `label` names the field in notes.
 */
export function readField(
  value: PySyntaxNode | undefined,
  label: string,
  resolveName: (node: PySyntaxNode) => PyValue,
): FieldInfo {
  const info = emptyField();
  if (!value) return info;
  if (!isFieldCall(value)) {
    info.hasDefault = true;
    setDefault(info, readValue(value, resolveName), value, label);
    return info;
  }
  const { positional, keywords } = readCallArguments(value);
  const defaultNode = positional[0] ?? keywords.get('default');
  if (defaultNode) {
    const read = readValue(defaultNode, resolveName);
    if (read !== ELLIPSIS) {
      info.hasDefault = true;
      setDefault(info, read, defaultNode, label);
    }
  }
  if (keywords.has('default_factory')) info.hasDefault = true;
  for (const [key, node] of keywords) {
    if (key === 'default' || key === 'default_factory' || IGNORED.has(key)) continue;
    const read = readValue(node, resolveName);
    if (key === 'description' || key === 'alias') {
      const text = readString(node);
      if (text === undefined) info.notes.push(`\`${label}\`: its ${key} is not a plain string; it was left out.`);
      else if (key === 'description') info.description = text;
      else info.alias = text;
    } else if (!isJson(read)) {
      info.notes.push(`\`${label}\`: \`${key}=${node.text}\` is not a literal; it was left out.`);
    } else if (key === 'examples') {
      info.extra.examples = read;
    } else if (key === 'json_schema_extra' && typeof read === 'object' && read !== null && !Array.isArray(read)) {
      Object.assign(info.extra, read);
    } else if (key in NUMBER_CONSTRAINTS || key === 'min_length' || key === 'max_length' || key === 'pattern') {
      info.constraints.set(key, read);
    } else {
      info.notes.push(`\`${label}\`: \`${key}\` has no JSON Schema keyword; it was left out.`);
    }
  }
  return info;
}

function setDefault(info: FieldInfo, read: PyValue, node: PySyntaxNode, label: string) {
  if (isJson(read)) info.default = read;
  else info.notes.push(`\`${label}\`: the default \`${node.text}\` is code, not a value; the schema shows no default.`);
}

const typesOf = (schema: Schema): string[] =>
  typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];

/** Puts the constraints on the schema (or, for `Optional[…]`, on its non-null branches), as pydantic does. */
export function applyConstraints(schema: Schema, constraints: Map<string, JsonValue>): Schema {
  if (constraints.size === 0) return schema;
  if (Array.isArray(schema.anyOf)) {
    return {
      ...schema,
      anyOf: (schema.anyOf as Schema[]).map((branch) =>
        typesOf(branch).includes('null') ? branch : applyConstraints(branch, constraints),
      ),
    };
  }
  const out = { ...schema };
  const types = typesOf(schema);
  for (const [key, value] of constraints) {
    if (key in NUMBER_CONSTRAINTS) out[NUMBER_CONSTRAINTS[key]] = value;
    else if (key === 'pattern') out.pattern = value;
    else if (types.includes('array')) out[key === 'min_length' ? 'minItems' : 'maxItems'] = value;
    else if (types.includes('object')) out[key === 'min_length' ? 'minProperties' : 'maxProperties'] = value;
    else out[key === 'min_length' ? 'minLength' : 'maxLength'] = value;
  }
  return out;
}

/** Python's `str.title()` with `_` as a space: the title pydantic gives a field (`max_chars` → `Max Chars`). */
export function pythonTitle(name: string): string {
  let out = '';
  let previousCased = false;
  for (const char of name) {
    const cased = char.toLowerCase() !== char.toUpperCase();
    out += cased ? (previousCased ? char.toLowerCase() : char.toUpperCase()) : char;
    previousCased = cased;
  }
  return out.replace(/_/g, ' ');
}

/** Folds a later field's settings over an earlier one's (a default's `Field` over `Annotated`'s). */
export function mergeField(into: FieldInfo, from: FieldInfo) {
  if (from.hasDefault) {
    into.hasDefault = true;
    into.default = from.default;
  }
  into.description = from.description ?? into.description;
  into.alias = from.alias ?? into.alias;
  for (const [key, value] of from.constraints) into.constraints.set(key, value);
  Object.assign(into.extra, from.extra);
  into.notes.push(...from.notes);
  from.notes = [];
}
