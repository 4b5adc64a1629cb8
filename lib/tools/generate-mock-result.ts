type Json = Record<string, unknown>;

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2026-01-01T12:00:00Z',
  date: '2026-01-01',
  time: '12:00:00',
  email: 'someone@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function typeOf(schema: Json): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') as string | undefined;
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function generate(schema: Json, name: string, args: Json, depth: number): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return args[name] !== undefined && schema.enum.includes(args[name]) ? args[name] : schema.enum[0];
  if ('const' in schema) return schema.const;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) return generate(branches[0], name, args, depth);
  const type = typeOf(schema);
  const fromArgs = args[name];
  switch (type) {
    case 'object': {
      if (depth > 6) return {};
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, generate(child, key, args, depth + 1)]),
      );
    }
    case 'array': {
      const items = (Array.isArray(schema.items) ? schema.items[0] : schema.items) as Json | undefined;
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, () => (items ? generate(items, name, args, depth + 1) : null));
    }
    case 'string': {
      if (typeof fromArgs === 'string') return fromArgs;
      if (typeof schema.default === 'string') return schema.default;
      const example = typeof schema.format === 'string' ? FORMAT_EXAMPLES[schema.format] : undefined;
      let value = example ?? `example ${name}`.trim();
      if (typeof schema.minLength === 'number') value = value.padEnd(schema.minLength, '_');
      if (typeof schema.maxLength === 'number') value = value.slice(0, schema.maxLength);
      return value;
    }
    case 'integer':
    case 'number': {
      if (typeof fromArgs === 'number') return fromArgs;
      if (typeof schema.default === 'number') return schema.default;
      let value = 42;
      if (typeof schema.minimum === 'number') value = Math.max(value, schema.minimum);
      if (typeof schema.maximum === 'number') value = Math.min(value, schema.maximum);
      return type === 'integer' ? Math.round(value) : value;
    }
    case 'boolean':
      return typeof fromArgs === 'boolean' ? fromArgs : typeof schema.default === 'boolean' ? schema.default : true;
    case 'null':
      return null;
    default:
      return fromArgs ?? null;
  }
}

/**
 * A plausible result for a mock tool, shaped by its output schema: every property filled,
 * arguments echoed where a property has the same name (a weather mock answers for the city
 * asked), otherwise defaults, enum values, format examples or placeholders.
 */
export function generateMockResult(outputSchema: Json, args: Json): unknown {
  return generate(outputSchema, '', args, 0);
}
