import {
  ELLIPSIS,
  isJson,
  type JsonValue,
  named,
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
  /** `json_schema_extra=lambda schema: schema.pop("default")`: the default stays out of the schema. */
  dropDefault?: boolean;
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
    if (key === 'json_schema_extra' && node.type === 'lambda') {
      const edit = readSchemaEdit(node, resolveName);
      if (edit) {
        info.dropDefault = edit.dropDefault;
        Object.assign(info.extra, edit.update);
      } else
        info.notes.push(
          `\`${label}\`: \`json_schema_extra\` is a function the playground does not run (it reads \`schema.pop("default")\` and \`schema.update({...})\`); it was left out.`,
        );
      continue;
    }
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
  if (from.dropDefault) into.dropDefault = true;
  into.description = from.description ?? into.description;
  into.alias = from.alias ?? into.alias;
  for (const [key, value] of from.constraints) into.constraints.set(key, value);
  Object.assign(into.extra, from.extra);
  into.notes.push(...from.notes);
  from.notes = [];
}

/**
 * A `json_schema_extra` lambda made of the two edits the playground's own Python writes —
 * `lambda schema: schema.pop("default")` and `lambda schema: (schema.pop("default"), schema.update({...}))`
 * — read as what they do; any other function is not read (it is code, not a value).
 */
function readSchemaEdit(
  lambda: PySyntaxNode,
  resolveName: (node: PySyntaxNode) => PyValue,
): { dropDefault: boolean; update: Schema } | undefined {
  const parameters = lambda.childForFieldName('parameters');
  const parameter = parameters ? named(parameters) : [];
  const body = lambda.childForFieldName('body');
  if (parameter.length !== 1 || parameter[0].type !== 'identifier' || !body) return undefined;
  const name = parameter[0].text;
  const calls = body.type === 'tuple' ? named(body) : [body];
  const edit = { dropDefault: false, update: {} as Schema };
  for (const call of calls) {
    const callee = call.type === 'call' ? call.childForFieldName('function') : null;
    if (callee?.type !== 'attribute' || callee.childForFieldName('object')?.text !== name) return undefined;
    const method = callee.childForFieldName('attribute')?.text;
    const { positional, keywords } = readCallArguments(call);
    if (keywords.size > 0) return undefined;
    if (method === 'pop' && positional.length >= 1 && positional.length <= 2 && readString(positional[0]) === 'default')
      edit.dropDefault = true;
    else if (method === 'update' && positional.length === 1) {
      const read = readValue(positional[0], resolveName);
      if (typeof read !== 'object' || read === null || Array.isArray(read) || !isJson(read)) return undefined;
      Object.assign(edit.update, read);
    } else return undefined;
  }
  return edit;
}
