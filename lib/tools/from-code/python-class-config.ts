import { isIdentifier, pascal, pythonLiteral } from './python-source-text';

/*
 * What a Python tool's classes say beside their fields, so LangChain sends the drafted schema:
 * the class's name and `ConfigDict(...)`, and what LangChain cannot send at all.
 */

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const TITLE_NOTE =
  "LangChain removes every `title` keyword from the schema it sends, so the model will not read this schema's titles.";

/** Whether a schema has a `title` keyword (not a property named `title`) anywhere: LangChain's `_rm_titles` drops them. */
export function hasTitleKeyword(schema: unknown, parentKey = ''): boolean {
  if (Array.isArray(schema)) return schema.some((each) => hasTitleKeyword(each));
  if (!isObject(schema)) return false;
  return Object.entries(schema).some(
    ([key, value]) =>
      (key === 'title' && parentKey !== 'properties' && typeof value === 'string') || hasTitleKeyword(value, key),
  );
}

/** A tool's class name: the tool's name when Python can say it, otherwise one made from it. */
export const toolClassName = (name: string) => {
  if (isIdentifier(name)) return name;
  const made = pascal(name);
  return isIdentifier(made) ? made : `Tool${made}`;
};
/** The `required` list pydantic writes for these properties: those without a default, in field order. */
const requiredByPydantic = (schema: Schema): string[] => {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(isObject(schema.properties) ? schema.properties : {})
    .filter(([name, value]) => required.has(name) && !(isObject(value) && 'default' in value))
    .map(([name]) => name);
};

/** Whether the draft's `required` says something pydantic would not write by itself (`[]`, another order, a field with a default). */
export const requiredNeedsSaying = (schema: Schema): boolean =>
  Array.isArray(schema.required) &&
  (schema.required.length === 0 || JSON.stringify(schema.required) !== JSON.stringify(requiredByPydantic(schema)));

const CLASS_KEYS = new Set(['type', 'properties', 'required', 'additionalProperties', 'description', 'title']);

/**
 * A model's `ConfigDict(...)`: `extra="forbid"` for `additionalProperties: false`, and in
 * `json_schema_extra` (which pydantic merges into the class's schema) what fields cannot say —
 * the draft's own `required` list, an open `additionalProperties`, other keywords.
 */
export function classConfig(
  schema: Schema,
  tool: { title?: string; description?: string },
): { args: string; comments: string[] } | undefined {
  const args: string[] = [];
  const comments: string[] = [];
  // LangChain names a model's tool by its schema's title: the class name unless `title=` says another.
  if (tool.title !== undefined) args.push(`title=${JSON.stringify(tool.title)}`);
  if (schema.additionalProperties === false) args.push('extra="forbid"');
  const extra: Schema = {};
  if (requiredNeedsSaying(schema)) {
    extra.required = schema.required;
    comments.push('The `required` list as drafted: pydantic would list the fields without a default, in order.');
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
    extra.additionalProperties = schema.additionalProperties;
  for (const [key, value] of Object.entries(schema)) if (!CLASS_KEYS.has(key)) extra[key] = value;
  if (tool.description !== undefined) extra.description = tool.description;
  if (Object.keys(extra).length > 0) args.push(`json_schema_extra=${pythonLiteral(extra)}`);
  return args.length > 0 ? { args: args.join(', '), comments } : undefined;
}
