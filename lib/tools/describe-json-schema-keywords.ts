/** Plain-language docs for JSON Schema keywords, shown on hover and in completions. */
export const KEYWORD_DOCS: Record<string, string> = {
  type: 'The kind of value: "object", "array", "string", "number", "integer", "boolean" or "null". Providers need "object" at the top of a tool\'s input.',
  properties:
    'The named arguments an object takes, each with its own schema. The model sees these names and descriptions.',
  required: 'Names of properties the model must always provide. Anything not listed is optional.',
  description:
    'What this value means, in words. Models read descriptions to decide what to pass — the most useful keyword for tool quality.',
  enum: 'The only values allowed. Great for modes and units; Gemini and OpenAI strict mode expect strings.',
  const: 'Exactly one allowed value.',
  default: 'The value used when the model leaves this out. Documentation only: the model is not forced to use it.',
  items: 'The schema every element of an array must match.',
  minItems: 'The fewest elements the array may have.',
  maxItems: 'The most elements the array may have.',
  minimum: 'The smallest number allowed (inclusive).',
  maximum: 'The largest number allowed (inclusive).',
  exclusiveMinimum: 'Numbers must be greater than this.',
  exclusiveMaximum: 'Numbers must be less than this.',
  multipleOf: 'Numbers must be a multiple of this.',
  minLength: 'The shortest string allowed.',
  maxLength: 'The longest string allowed.',
  pattern: 'A regular expression the string must match.',
  format: 'A named string format such as "date-time", "email" or "uri". Providers support only some.',
  additionalProperties:
    'Whether an object may have properties not listed in "properties". OpenAI strict mode needs false; Gemini does not accept it.',
  anyOf: 'The value must match at least one of these schemas.',
  oneOf: 'The value must match exactly one of these schemas. Some providers only accept anyOf.',
  allOf: 'The value must match all of these schemas.',
  not: 'The value must not match this schema.',
  $ref: 'Reuse a schema defined elsewhere, e.g. "#/$defs/address". Gemini does not resolve references.',
  $defs: 'Named schemas to reuse with "$ref".',
  definitions: 'Named schemas to reuse with "$ref" (older name of "$defs").',
  title: 'A short label for the value.',
  examples: 'Example values, for people and models.',
  nullable: 'OpenAPI/Gemini way to allow null; in JSON Schema write type ["string", "null"].',
};

type Json = Record<string, unknown>;

/** A copy of a meta-schema with `description` added to each documented keyword. */
export function describeJsonSchemaKeywords(metaSchema: Json): Json {
  const copy = structuredClone(metaSchema);
  const properties = copy.properties as Record<string, Json> | undefined;
  if (!properties) return copy;
  for (const [keyword, doc] of Object.entries(KEYWORD_DOCS)) {
    if (properties[keyword]) properties[keyword] = { ...properties[keyword], description: doc };
  }
  return copy;
}
