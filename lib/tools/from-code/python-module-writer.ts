import type { ToolDefinition } from '../../shapes/tool-formats';
import { classConfig, toolClassName } from './python-class-config';
import { cleandoc } from './python-docstrings';
import { FORMATS, LENGTH_FIELDS, literalType, NUMBER_FIELDS, optionalWithoutDefault } from './python-field-keywords';
import { docstring, isIdentifier, pascal, pythonLiteral, safeName } from './python-source-text';

/*
 * A schema said as Python for pydantic: type hints, `Field(...)` arguments and `BaseModel` classes
 * (one per nested object), gathered in the module being written (its `typing` names, imports and
 * classes). What pydantic would write otherwise is said with its own `SkipJsonSchema`,
 * `WithJsonSchema` and `ConfigDict`.
 */

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a Python module being written has gathered: the names it takes from `typing`, its other imports, its classes. */
export type PythonModule = {
  typing: Set<string>;
  imports: Set<string>;
  classes: string[];
  classNames: Set<string>;
  /** What class names start with (the tool's name as a class name). */
  base: string;
};

/** An empty module for a tool's code. */
export const newPythonModule = (toolName: string): PythonModule => ({
  typing: new Set(),
  imports: new Set(),
  classes: [],
  classNames: new Set(),
  base: pascal(toolName) || 'Tool',
});

/** A class name not yet taken in the module: the tool's name, then the hint. */
function className(m: PythonModule, hint: string): string {
  let name = `${m.base}${pascal(hint)}`;
  for (let n = 2; m.classNames.has(name); n++) name = `${m.base}${pascal(hint)}${n}`;
  m.classNames.add(name);
  return name;
}

/** The type hint of a schema, and the `Field(...)` arguments its keywords need (constraints, extras). */
export function hintOf(m: PythonModule, schema: unknown, hint: string): { hint: string; field: Map<string, string> } {
  const field = new Map<string, string>();
  if (!isObject(schema)) {
    m.typing.add('Any');
    return { hint: 'Any', field };
  }
  const extra: Schema = {};
  const handled = new Set(['description', 'default']);
  const take = (...keys: string[]) => {
    for (const key of keys) handled.add(key);
  };
  let out: string;
  const type = schema.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((each) => each !== 'null');
    const parts = nonNull.map((each) =>
      hintOf(m, { ...schema, type: each, description: undefined, default: undefined }, hint),
    );
    for (const key of Object.keys(schema)) handled.add(key);
    const union =
      parts.length === 1
        ? parts[0].hint
        : unionOf(
            m,
            parts.map((part) => part.hint),
          );
    // pydantic writes a union as `anyOf`; the draft's list of types is kept as written.
    const { description: _description, default: _default, ...written } = schema;
    out = withJsonSchema(m, type.includes('null') ? optional(m, union) : union, written);
  } else if (
    Array.isArray(schema.enum) &&
    schema.enum.length === 1 &&
    ['string', 'number', 'boolean'].includes(typeof schema.enum[0])
  ) {
    // pydantic writes a one-value `Literal` as `const`; the draft's `enum` is kept as written.
    m.typing.add('Literal');
    take('enum', 'type');
    out = withJsonSchema(m, `Literal[${pythonLiteral(schema.enum[0])}]`, {
      enum: schema.enum,
      ...(type !== undefined ? { type } : {}),
    });
  } else if (
    Array.isArray(schema.enum) &&
    schema.enum.length > 0 &&
    schema.enum.every((value) => ['string', 'number', 'boolean'].includes(typeof value))
  ) {
    m.typing.add('Literal');
    take('enum');
    out = `Literal[${schema.enum.map(pythonLiteral).join(', ')}]`;
    const inferred = literalType(schema.enum);
    if (typeof type === 'string' && type !== inferred) extra.type = type;
    take('type');
  } else if ('const' in schema && ['string', 'number', 'boolean'].includes(typeof schema.const)) {
    m.typing.add('Literal');
    take('const', 'type');
    out = `Literal[${pythonLiteral(schema.const)}]`;
    if (typeof type === 'string' && type !== literalType([schema.const])) extra.type = type;
  } else if (Array.isArray(schema.anyOf) && type === undefined && schema.anyOf.length > 0) {
    take('anyOf');
    const branches = schema.anyOf as unknown[];
    const nonNull = branches.filter(
      (branch) => !(isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1),
    );
    const parts = nonNull.map((branch) => nested(m, branch, hint));
    const union = parts.length === 1 ? parts[0] : unionOf(m, parts);
    out = nonNull.length < branches.length ? optional(m, union) : union;
  } else if (type === 'string') {
    take('type', 'format', 'minLength', 'maxLength', 'pattern');
    out = stringHint(m, schema, field, extra);
  } else if (type === 'integer' || type === 'number') {
    take('type', ...Object.keys(NUMBER_FIELDS));
    out = type === 'integer' ? 'int' : 'float';
    for (const [key, name] of Object.entries(NUMBER_FIELDS))
      if (typeof schema[key] === 'number') field.set(name, pythonLiteral(schema[key]));
  } else if (type === 'boolean') {
    take('type');
    out = 'bool';
  } else if (type === 'null') {
    take('type');
    out = 'None';
  } else if (type === 'array' && !Array.isArray(schema.items)) {
    take('type', 'items', 'minItems', 'maxItems', 'uniqueItems');
    m.typing.add(schema.uniqueItems === true ? 'Set' : 'List');
    out = `${schema.uniqueItems === true ? 'Set' : 'List'}[${schema.items === undefined ? anyHint(m) : nested(m, schema.items, `${hint}_item`)}]`;
    for (const key of ['minItems', 'maxItems'] as const)
      if (typeof schema[key] === 'number') field.set(LENGTH_FIELDS[key], String(schema[key]));
  } else if (type === 'object' && isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
    take('type', 'properties', 'required', 'additionalProperties');
    out = modelClass(m, schema, hint, false);
  } else if (type === 'object' && schema.additionalProperties === undefined) {
    // A bare object: pydantic writes `Dict[str, Any]` as open (`additionalProperties: true`); the draft says nothing.
    take('type', 'properties');
    m.typing.add('Dict');
    out = withJsonSchema(m, `Dict[str, ${anyHint(m)}]`, {
      type: 'object',
      ...(isObject(schema.properties) ? { properties: {} } : {}),
    });
  } else if (
    type === 'object' &&
    (schema.additionalProperties === true ||
      schema.additionalProperties === true ||
      isObject(schema.additionalProperties))
  ) {
    take('type', 'properties', 'additionalProperties');
    m.typing.add('Dict');
    const values =
      isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0
        ? nested(m, schema.additionalProperties, `${hint}_value`)
        : anyHint(m);
    out = `Dict[str, ${values}]`;
  } else {
    out = anyHint(m);
  }
  for (const [key, value] of Object.entries(schema)) if (!handled.has(key)) extra[key] = value;
  if (Object.keys(extra).length > 0) field.set('json_schema_extra', pythonLiteral(extra));
  return { hint: out, field };
}

/** A string's hint (`str`, or the Python type of its format) and its length and pattern as `Field(...)` arguments; another format stays in `extra`. */
function stringHint(m: PythonModule, schema: Schema, field: Map<string, string>, extra: Schema): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format) m.imports.add(format === 'UUID' ? 'from uuid import UUID' : `from datetime import ${format}`);
  else if (schema.format !== undefined) extra.format = schema.format;
  for (const key of ['minLength', 'maxLength'] as const)
    if (typeof schema[key] === 'number') field.set(LENGTH_FIELDS[key], String(schema[key]));
  if (typeof schema.pattern === 'string') field.set('pattern', JSON.stringify(schema.pattern));
  return format ?? 'str';
}

/** A hint inside another (`List[...]`, a union): its own constraints and description go in `Annotated`. */
function nested(m: PythonModule, schema: unknown, hint: string): string {
  const inner = hintOf(m, schema, hint);
  const isModel = m.classNames.has(inner.hint);
  if (isObject(schema) && typeof schema.description === 'string' && !isModel)
    inner.field.set('description', JSON.stringify(schema.description));
  if (isObject(schema) && 'default' in schema) inner.field.set('default', pythonLiteral(schema.default));
  if (inner.field.size === 0) return inner.hint;
  m.typing.add('Annotated');
  m.imports.add('from pydantic import Field');
  return `Annotated[${inner.hint}, Field(${[...inner.field].map(([key, value]) => `${key}=${value}`).join(', ')})]`;
}

/** A hint whose JSON Schema pydantic would write otherwise, with the draft's (pydantic's `WithJsonSchema`). */
const withJsonSchema = (m: PythonModule, hint: string, schema: Schema) => {
  m.typing.add('Annotated');
  m.imports.add('from pydantic import WithJsonSchema');
  return `Annotated[${hint}, WithJsonSchema(${pythonLiteral(schema)})]`;
};
const anyHint = (m: PythonModule) => {
  m.typing.add('Any');
  return 'Any';
};
const optional = (m: PythonModule, hint: string) => {
  m.typing.add('Optional');
  return `Optional[${hint}]`;
};
const unionOf = (m: PythonModule, hints: string[]) => {
  m.typing.add('Union');
  return `Union[${hints.join(', ')}]`;
};

/** An object schema as a `BaseModel` class (written above the tool); its name. */
export function modelClass(
  m: PythonModule,
  schema: Schema,
  hint: string,
  isArgs: boolean,
  tool?: ToolDefinition,
): string {
  const name = tool ? toolClassName(tool.name) : isArgs ? className(m, 'Input') : className(m, hint);
  m.classNames.add(name);
  const lines = [`class ${name}(BaseModel):`];
  m.imports.add('from pydantic import BaseModel, Field');
  const description = tool
    ? tool.description
    : !isArgs && typeof schema.description === 'string'
      ? schema.description
      : undefined;
  // pydantic cleans a docstring (`inspect.cleandoc`); a description it would change is given as is instead.
  const asDocstring = description !== undefined && cleandoc(description) === description;
  if (description && asDocstring) lines.push(`    ${docstring(description, '    ')}`, '');
  const properties = schema.properties as Record<string, unknown>;
  const config = classConfig(schema, {
    title: tool && name !== tool.name ? tool.name : undefined,
    description: description !== undefined && !asDocstring ? description : undefined,
  });
  if (config) {
    m.imports.add('from pydantic import ConfigDict');
    lines.push(
      ...config.comments.map((comment) => `    # ${comment}`),
      `    model_config = ConfigDict(${config.args})`,
      '',
    );
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [property, value] of Object.entries(properties)) {
    const fieldName =
      isIdentifier(property) && !property.startsWith('_') && property !== 'model_config'
        ? property
        : safeName(property);
    const { hint: type, field } = hintOf(m, value, `${hint}_${property}`);
    const hasDefault = isObject(value) && 'default' in value;
    const isRequired = required.has(property) && !hasDefault;
    let finalType = type;
    if (!isRequired && !hasDefault) {
      const said = optionalWithoutDefault(type, field);
      finalType = said.hint;
      for (const name of said.typing) m.typing.add(name);
      for (const line of said.imports) m.imports.add(line);
    }
    const args = [...field].map(([key, each]) => `${key}=${each}`);
    if (fieldName !== property) args.unshift(`alias=${JSON.stringify(property)}`);
    if (isObject(value) && typeof value.description === 'string')
      args.unshift(`description=${JSON.stringify(value.description)}`);
    const defaultValue = hasDefault ? pythonLiteral((value as Schema).default) : isRequired ? undefined : 'None';
    if (args.length === 0)
      lines.push(`    ${fieldName}: ${finalType}${defaultValue === undefined ? '' : ` = ${defaultValue}`}`);
    else
      lines.push(
        `    ${fieldName}: ${finalType} = Field(${[...(defaultValue === undefined ? [] : [defaultValue]), ...args].join(', ')})`,
      );
  }
  if (Object.keys(properties).length === 0) lines.push('    pass');
  m.classes.push(lines.join('\n'));
  return name;
}
