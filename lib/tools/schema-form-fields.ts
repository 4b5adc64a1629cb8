/** One field of the form `Try this tool` draws for a tool's arguments. */
export type SchemaFormField = {
  name: string;
  /** How it is entered: a text box, a number box, a checkbox, a choice, or JSON for anything else. */
  kind: 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'json';
  required: boolean;
  description: string | undefined;
  /** The choices of an `enum` (shown as their JSON when not strings). */
  choices: unknown[];
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The fields of a tool's input schema, one per top-level property, in the schema's order: a
 * string, number, integer or boolean gets a box of its kind, an `enum` a choice, and anything
 * else (objects, arrays, unions) a JSON box — the JSON of the whole call stays editable too.
 */
export function schemaFormFields(schema: Record<string, unknown>): SchemaFormField[] {
  const properties = record(schema.properties) ?? {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [],
  );
  return Object.entries(properties).map(([name, raw]) => {
    const property = record(raw) ?? {};
    const description = typeof property.description === 'string' ? property.description : undefined;
    const base = { name, required: required.has(name), description, choices: [] as unknown[] };
    if (Array.isArray(property.enum) && property.enum.length > 0)
      return { ...base, kind: 'choice', choices: property.enum };
    switch (property.type) {
      case 'string':
        return { ...base, kind: 'text' };
      case 'number':
        return { ...base, kind: 'number' };
      case 'integer':
        return { ...base, kind: 'integer' };
      case 'boolean':
        return { ...base, kind: 'boolean' };
      default:
        return { ...base, kind: 'json' };
    }
  });
}
