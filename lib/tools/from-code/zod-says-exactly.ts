type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Why the zod that `writeZodTool` writes would not send this schema as it is, as the AI SDK
 * turns zod into JSON Schema (zod's draft-07 output, then every object closed): one reason per
 * kind, none when zod says it exactly. Conservative: anything it is unsure of is a reason, and
 * the writer then sends the schema itself (the read-back tests hold it to that).
 */
export function whyZodDiffers(parameters: unknown): string[] {
  const reasons = new Set<string>();
  if (!isObject(parameters) || parameters.$schema !== DRAFT_07)
    reasons.add('the AI SDK adds a `$schema` line (draft-07) the schema does not have');
  visit(parameters, reasons);
  return [...reasons];
}

const STRING_KEYS = new Set(['type', 'minLength', 'maxLength', 'pattern', 'format']);
const NUMBER_KEYS = new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
const COMMON_KEYS = new Set(['description', 'default', 'title', 'examples', '$schema']);

function visit(schema: unknown, reasons: Set<string>) {
  if (!isObject(schema)) {
    reasons.add('a schema is not an object');
    return;
  }
  const keys = Object.keys(schema).filter((key) => !COMMON_KEYS.has(key));
  const only = (allowed: Set<string>, why: string) => {
    if (keys.some((key) => !allowed.has(key))) reasons.add(why);
  };
  if (Array.isArray(schema.anyOf) && schema.type === undefined) {
    const branches = schema.anyOf as unknown[];
    const nullBranch = branches.findIndex(
      (branch) => isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
    );
    // `.nullable()` writes `anyOf: [X, {type: "null"}]` in that order.
    if (branches.length !== 2 || nullBranch !== 1 || keys.length !== 1)
      reasons.add('a union zod would write otherwise');
    else visit(branches[0], reasons);
    return;
  }
  if (Array.isArray(schema.type)) {
    reasons.add('a list of types (zod writes `anyOf`)');
    return;
  }
  if ('enum' in schema || 'const' in schema) {
    const values = schema.enum;
    if (
      schema.type !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      !values.every((value) => typeof value === 'string') ||
      keys.length !== 2
    )
      reasons.add('an enum or const zod would write otherwise');
    return;
  }
  switch (schema.type) {
    case 'string':
      only(STRING_KEYS, 'a string keyword zod would write otherwise');
      if (typeof schema.pattern === 'string' && new RegExp(schema.pattern).source !== schema.pattern)
        reasons.add('a pattern JavaScript writes otherwise');
      return;
    case 'number':
      only(NUMBER_KEYS, 'a number keyword zod would write otherwise');
      return;
    case 'integer':
      only(NUMBER_KEYS, 'a number keyword zod would write otherwise');
      // zod's `.int()` bounds an integer to ±(2^53−1) unless the schema bounds it.
      if (
        typeof schema.minimum !== 'number' ||
        typeof schema.maximum !== 'number' ||
        schema.minimum < -MAX_SAFE ||
        schema.maximum > MAX_SAFE ||
        'exclusiveMinimum' in schema ||
        'exclusiveMaximum' in schema
      )
        reasons.add('an integer without both bounds (zod adds ±(2^53−1))');
      return;
    case 'boolean':
    case 'null':
      only(new Set(['type']), 'a keyword zod would write otherwise');
      return;
    case 'array':
      only(new Set(['type', 'items', 'minItems', 'maxItems']), 'an array keyword zod would write otherwise');
      if (!isObject(schema.items)) reasons.add('an array without one `items` schema');
      else visit(schema.items, reasons);
      return;
    case 'object': {
      only(
        new Set(['type', 'properties', 'required', 'additionalProperties']),
        'an object keyword zod would write otherwise',
      );
      const properties = isObject(schema.properties) ? schema.properties : {};
      const names = Object.keys(properties);
      if (schema.additionalProperties !== false || names.length === 0)
        reasons.add('an object left open (the AI SDK closes every object: `additionalProperties: false`)');
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      // zod lists the properties without `.optional()` or `.default()`, in order, and no empty list.
      const written = names.filter((name) => required.includes(name) && !('default' in (properties[name] as Schema)));
      if (
        JSON.stringify(written) !== JSON.stringify(required) ||
        (Array.isArray(schema.required) && required.length === 0)
      )
        reasons.add('a `required` list zod would write otherwise');
      for (const name of names) visit(properties[name], reasons);
      return;
    }
    default:
      if (keys.length > 0) reasons.add('a schema without a type');
  }
}
