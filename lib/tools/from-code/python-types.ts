import { DICTS, LISTS, literalSchema, NULL, SCALARS, SETS, SKIPPED, unionSchema } from './python-builtin-types';
import { classAnnotations, classDocstring, modelConfig } from './python-class-facts';
import {
  applyConstraints,
  emptyField,
  type FieldInfo,
  isFieldCall,
  mergeField,
  pythonTitle,
  readField,
} from './python-field';
import {
  isJson,
  type JsonValue,
  NOT_LITERAL,
  named,
  type PySyntaxNode,
  readCallArguments,
  readString,
  readValue,
  simpleName,
} from './python-syntax';

type Schema = Record<string, unknown>;

import type { PyDefinitions, PyProperty, TypeReading } from './python-type-reading';

export type { PyDefinitions, PyProperty };

/**
 * Reads Python annotations into JSON Schema the way pydantic v2 writes them (validation mode),
 * with nested models and enums inlined as LangChain's dereferencing leaves them. What has no
 * JSON Schema (`Callable`, a class the paste does not define) is a note, not a guess.
 */
export function createPythonTypeReader(definitions: PyDefinitions) {
  const r: TypeReading = {
    definitions,
    reading: new Set(),
    used: new Set(),
    references: new WeakSet(),
    resolveName: (node) => {
      if (node.type !== 'attribute') return NOT_LITERAL;
      const owner = node.childForFieldName('object')?.text ?? '';
      const member = node.childForFieldName('attribute')?.text ?? '';
      const value = definitions.enums.get(owner)?.members.get(member);
      return value === undefined ? NOT_LITERAL : value;
    },
  };
  return {
    schemaOf: (raw: PySyntaxNode, label: string, notes: string[], field?: FieldInfo) =>
      schemaOf(r, raw, label, notes, field),
    modelSchema: (name: string, notes: string[], options?: { asArgsSchema?: boolean }) =>
      modelSchema(r, name, notes, options),
    readProperty: (...args: Parameters<typeof readProperty> extends [TypeReading, ...infer Rest] ? Rest : never) =>
      readProperty(r, ...args),
    resolveName: r.resolveName,
    used: r.used,
  };
}

/** The parts of a subscripted annotation (`Dict[str, int]` → the `str` and `int` nodes). */
function typeArguments(node: PySyntaxNode): PySyntaxNode[] {
  if (node.type === 'generic_type') {
    const parameters = named(node).find((child) => child.type === 'type_parameter');
    return parameters ? named(parameters).map(unwrap) : [];
  }
  return node
    .childrenForFieldName('subscript')
    .filter((child): child is PySyntaxNode => child !== null)
    .map(unwrap);
}
const unwrap = (node: PySyntaxNode): PySyntaxNode =>
  node.type === 'type' && named(node).length === 1 ? named(node)[0] : node;

/** An annotation's schema and notes; `field` collects what `Annotated[…]` adds to the field. */
function schemaOf(
  r: TypeReading,
  raw: PySyntaxNode,
  label: string,
  notes: string[],
  field?: FieldInfo,
): Schema | undefined {
  const node = unwrap(raw);
  const leftOut = (why: string) => {
    notes.push(`\`${label}\`: ${why}; the parameter was left out.`);
    return undefined;
  };
  if (node.type === 'none') return NULL;
  if (node.type === 'string') {
    const forward = readString(node);
    if (forward && /^[A-Za-z_][\w.]*$/.test(forward))
      return schemaOfName(r, forward.split('.').pop() as string, label, notes, leftOut);
    return leftOut(`the annotation ${node.text} is not a type the playground can read`);
  }
  if (node.type === 'binary_operator') {
    const parts = [node.childForFieldName('left'), node.childForFieldName('right')].filter(
      (part): part is PySyntaxNode => part !== null,
    );
    const schemas = parts.map((part) => schemaOf(r, part, label, notes));
    return schemas.every((schema) => schema !== undefined) ? unionSchema(schemas as Schema[]) : undefined;
  }
  const name =
    node.type === 'generic_type'
      ? named(node)[0]?.text
      : node.type === 'subscript'
        ? simpleName(node.childForFieldName('value') ?? node)
        : simpleName(node);
  if (name === undefined) return leftOut(`\`${node.text}\` is not a type the playground can read`);
  if (node.type !== 'generic_type' && node.type !== 'subscript') return schemaOfName(r, name, label, notes, leftOut);

  const args = typeArguments(node);
  const argSchemas = () => {
    const schemas = args.map((arg) => schemaOf(r, arg, label, notes));
    return schemas.every((schema) => schema !== undefined) ? (schemas as Schema[]) : undefined;
  };
  if (name === 'Annotated') {
    const [base, ...metadata] = args;
    // At a property's top, the metadata is the field's; inside `List[...]` and the like, it is that item's.
    const target = field ?? emptyField();
    let given: Schema | undefined;
    for (const item of metadata) {
      const text = readString(item);
      if (text !== undefined) target.annotatedText ??= text;
      else if (isFieldCall(item)) mergeField(target, readField(item, label, r.resolveName));
      else if (item.type === 'call' && simpleName(item.childForFieldName('function') ?? item) === 'WithJsonSchema') {
        // pydantic's `WithJsonSchema(schema)`: the type's schema is the one given.
        const [first] = readCallArguments(item).positional;
        const read = first ? readValue(first, r.resolveName) : undefined;
        if (typeof read === 'object' && read !== null && !Array.isArray(read) && isJson(read)) given = read as Schema;
        else notes.push(`\`${label}\`: \`WithJsonSchema\` is given something that is not a literal; it was left out.`);
      }
    }
    if (!base) return leftOut('`Annotated` needs a type');
    const inner = given ? { ...given } : schemaOf(r, base, label, notes, field);
    if (field || inner === undefined) return inner;
    notes.push(...target.notes);
    const described = target.description !== undefined ? { description: target.description } : {};
    return { ...applyConstraints(inner, target.constraints), ...target.extra, ...described };
  }
  // A TypedDict key's `Required[T]` / `NotRequired[T]`: the type is T (the key's requiredness is read apart).
  if (name === 'Required' || name === 'NotRequired')
    return args[0] ? schemaOf(r, args[0], label, notes, field) : leftOut(`\`${name}\` needs a type`);
  // pydantic's `SkipJsonSchema[T]`: a union's member that stays out of the schema.
  if (name === 'SkipJsonSchema') return SKIPPED;
  if (name === 'Optional') {
    const schemas = argSchemas();
    return schemas ? unionSchema([...schemas, NULL]) : undefined;
  }
  if (name === 'Union') {
    const schemas = argSchemas();
    return schemas ? unionSchema(schemas) : undefined;
  }
  if (name === 'Literal') {
    const values = args.map((arg) => readValue(arg, r.resolveName));
    if (!values.every(isJson)) return leftOut(`\`${node.text}\` holds something that is not a literal`);
    return literalSchema(values as JsonValue[]);
  }
  if (LISTS.has(name) || SETS.has(name)) {
    const [items] = args.map((arg) => schemaOf(r, arg, label, notes));
    if (args.length > 0 && items === undefined) return undefined;
    return { items: items ?? {}, type: 'array', ...(SETS.has(name) ? { uniqueItems: true } : {}) };
  }
  if (name === 'tuple' || name === 'Tuple') {
    if (args.length === 2 && args[1].type === 'ellipsis') {
      const items = schemaOf(r, args[0], label, notes);
      return items && { items, type: 'array' };
    }
    const schemas = argSchemas();
    return schemas && { maxItems: schemas.length, minItems: schemas.length, prefixItems: schemas, type: 'array' };
  }
  if (DICTS.has(name)) {
    if (args.length === 0) return { additionalProperties: true, type: 'object' };
    const read = args.length === 2 ? schemaOf(r, args[1], label, notes) : undefined;
    if (read === undefined) return undefined;
    // pydantic writes `Any` values as `true`.
    const values = Object.keys(read).length === 0 ? true : read;
    const keys = schemaOf(r, args[0], label, notes);
    const keyed = keys && keys.type !== 'string' && Object.keys(keys).length > 0 ? { propertyNames: keys } : {};
    return { additionalProperties: values, ...keyed, type: 'object' };
  }
  if (name === 'Callable' || name === 'Awaitable' || name === 'Coroutine' || name === 'Type' || name === 'type') {
    return leftOut(`\`${name}\` has no JSON Schema`);
  }
  return leftOut(`\`${node.text}\` is not a type the playground can read`);
}

function schemaOfName(
  r: TypeReading,
  name: string,
  label: string,
  notes: string[],
  leftOut: (why: string) => undefined,
): Schema | undefined {
  if (name in SCALARS) return { ...SCALARS[name] };
  if (LISTS.has(name) || SETS.has(name))
    return { items: {}, type: 'array', ...(SETS.has(name) ? { uniqueItems: true } : {}) };
  if (name === 'tuple' || name === 'Tuple') return { items: {}, type: 'array' };
  if (DICTS.has(name)) return { additionalProperties: true, type: 'object' };
  if (r.definitions.enums.has(name)) {
    const { members, description } = r.definitions.enums.get(name) as {
      members: Map<string, JsonValue>;
      description?: string;
    };
    const values = [...members.values()];
    const { const: _single, enum: _values, ...typed } = literalSchema(values);
    const schema = { ...(description ? { description } : {}), enum: values, title: name, ...typed };
    r.references.add(schema);
    return schema;
  }
  if (r.definitions.models.has(name)) {
    r.used.add(name);
    if (r.reading.has(name)) return leftOut(`\`${name}\` refers to itself, which the playground cannot inline`);
    const schema = modelSchema(r, name, notes);
    r.references.add(schema);
    return schema;
  }
  if (r.definitions.typedDicts.has(name)) {
    r.used.add(name);
    if (r.reading.has(name)) return leftOut(`\`${name}\` refers to itself, which the playground cannot inline`);
    r.reading.add(name);
    const properties = typedDictProperties(r, name, notes);
    r.reading.delete(name);
    const schema = objectSchema(properties, classDocstring(r.definitions.typedDicts.get(name)!.node), name);
    r.references.add(schema);
    return schema;
  }
  if (r.definitions.aliases.has(name))
    return schemaOf(r, r.definitions.aliases.get(name) as PySyntaxNode, label, notes);
  if (name === 'Callable') return leftOut('`Callable` has no JSON Schema');
  return leftOut(`\`${name}\` is not defined in the code and has no JSON Schema`);
}

/**
 * A `BaseModel` subclass as the object schema pydantic writes (its docstring the description).
 * As a tool's `args_schema`, LangChain sends a copy of the model made from its fields: their
 * names (not aliases), and not the model's `extra="forbid"`.
 */
function modelSchema(r: TypeReading, name: string, notes: string[], options: { asArgsSchema?: boolean } = {}): Schema {
  r.reading.add(name);
  const { properties } = modelProperties(r, name, notes);
  r.reading.delete(name);
  const node = r.definitions.models.get(name) as PySyntaxNode;
  const keyed = options.asArgsSchema
    ? properties.map((property) => ({ ...property, name: property.fieldName }))
    : properties;
  if (options.asArgsSchema) return objectSchema(keyed, classDocstring(node), name);
  const config = modelConfig(node);
  return {
    ...(config.forbid ? { additionalProperties: false } : {}),
    ...objectSchema(keyed, classDocstring(node), config.title ?? name),
    ...config.schemaExtra,
  };
}

/** A class's properties as the object schema pydantic writes for it. */
function objectSchema(properties: PyProperty[], description: string | undefined, title: string): Schema {
  const required = properties.filter((property) => property.required).map((property) => property.name);
  return {
    ...(description ? { description } : {}),
    properties: Object.fromEntries(properties.map((property) => [property.name, property.schema])),
    ...(required.length > 0 ? { required } : {}),
    title,
    type: 'object',
  };
}

/**
 * A TypedDict's keys (its TypedDict bases' first), as pydantic reads them: each required when
 * its class is `total` (the default), unless marked `NotRequired[...]`; `Required[...]` always.
 */
function typedDictProperties(r: TypeReading, name: string, notes: string[]): PyProperty[] {
  const { node, total } = r.definitions.typedDicts.get(name)!;
  const properties: PyProperty[] = [];
  const bases = node.childForFieldName('superclasses');
  for (const base of bases ? named(bases) : []) {
    const baseName = simpleName(base);
    if (baseName && r.definitions.typedDicts.has(baseName) && !r.reading.has(baseName))
      properties.push(...typedDictProperties(r, baseName, notes));
  }
  for (const { fieldName, annotation } of classAnnotations(node)) {
    const property = readProperty(r, fieldName, annotation, undefined, notes);
    const marked = /^(?:[\w.]+\.)?(Not)?Required\[/.exec(annotation.text);
    if (property) properties.push({ ...property, required: marked ? marked[1] === undefined : total });
  }
  return properties;
}

/** A model's fields (its bases' first), each as a property. */
function modelProperties(
  r: TypeReading,
  name: string,
  notes: string[],
): { properties: PyProperty[]; required: string[] } {
  const node = r.definitions.models.get(name) as PySyntaxNode;
  const properties: PyProperty[] = [];
  const bases = node.childForFieldName('superclasses');
  for (const base of bases ? named(bases) : []) {
    const baseName = simpleName(base);
    if (baseName && r.definitions.models.has(baseName) && !r.reading.has(baseName)) {
      r.reading.add(baseName);
      properties.push(...modelProperties(r, baseName, notes).properties);
      r.reading.delete(baseName);
    }
  }
  for (const { fieldName, annotation, value } of classAnnotations(node)) {
    const property = readProperty(r, fieldName, annotation, value, notes);
    if (property) {
      const existing = properties.findIndex((each) => each.name === property.name);
      if (existing === -1) properties.push(property);
      else properties[existing] = property;
    }
  }
  return {
    properties,
    required: properties.filter((property) => property.required).map((property) => property.name),
  };
}

/**
 * One field or parameter: its annotation and right-hand side (`Field(...)` or a default);
 * `description` is what LangChain adds from a docstring or an `Annotated` string.
 */
function readProperty(
  r: TypeReading,
  fieldName: string,
  annotation: PySyntaxNode | undefined,
  value: PySyntaxNode | undefined,
  notes: string[],
  options: { description?: string; annotatedStrings?: boolean } = {},
): PyProperty | undefined {
  const field = readField(value, fieldName, r.resolveName);
  const annotated = emptyField();
  const typeSchema = annotation ? schemaOf(r, annotation, fieldName, notes, annotated) : {};
  notes.push(...field.notes, ...annotated.notes);
  if (typeSchema === undefined) return undefined;
  mergeField(annotated, field);
  const titled = r.references.has(typeSchema) ? {} : { title: pythonTitle(annotated.alias ?? fieldName) };
  let schema: Schema = { ...applyConstraints(typeSchema, annotated.constraints), ...titled };
  const description =
    options.description ?? annotated.description ?? (options.annotatedStrings ? annotated.annotatedText : undefined);
  schema = { ...schema, ...annotated.extra };
  if (description !== undefined) schema.description = description;
  if (annotated.hasDefault && annotated.default !== undefined && !annotated.dropDefault)
    schema.default = annotated.default;
  return { name: annotated.alias ?? fieldName, fieldName, schema, required: !annotated.hasDefault };
}
