type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON Schema with the differences that are only spelling taken out, so code written from a
 * schema and read back can be compared with it: the `$schema` dialect line; `additionalProperties`
 * `true`/`{}` (the same as none); empty `properties`; `type: [X, "null"]` as `anyOf`; a `default`
 * on a required property (a default makes it optional); zod's ±2^53−1 bounds on an integer; a
 * record's `propertyNames: {type: "string"}`; a one-value `enum` as `const`; and Python's `Optional[X] = None` for an optional X.
 * `dropTitles` also removes `title`s, which LangChain removes from what it sends.
 */
export function canonicalSchema(schema: unknown, options: { dropTitles?: boolean } = {}, parentKey = ''): unknown {
  if (Array.isArray(schema)) return schema.map((each) => canonicalSchema(each, options));
  if (!isObject(schema)) return schema;
  let s: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    // LangChain drops titles (its `_rm_titles`): Python read back through it cannot keep them.
    if (key === 'title' && options.dropTitles && parentKey !== 'properties') continue;
    if (key === 'additionalProperties' && (value === true || (isObject(value) && Object.keys(value).length === 0)))
      continue;
    if (key === 'properties' && isObject(value) && Object.keys(value).length === 0) continue;
    if (key === 'propertyNames' && isObject(value) && value.type === 'string' && Object.keys(value).length === 1)
      continue;
    if (key === 'properties' && isObject(value)) {
      s.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, canonicalSchema(property, options, name)]),
      );
      continue;
    }
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    if (key === 'default' || key === 'enum' || key === 'const' || key === 'examples' || key === 'required') {
      s[key] = value;
      continue;
    }
    s[key] = canonicalSchema(value, options, key);
  }
  // A one-value enum says what `const` says (pydantic writes `Literal["x"]` as `const`).
  if (Array.isArray(s.enum) && s.enum.length === 1 && !('const' in s)) {
    s.const = s.enum[0];
    delete s.enum;
  }
  if (s.type === 'integer') {
    if (s.minimum === -Number.MAX_SAFE_INTEGER) delete s.minimum;
    if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  }
  if (Array.isArray(s.type) && s.type.length === 2 && s.type.includes('null')) {
    const { type, description, default: fallback, ...rest } = s;
    const other = (type as string[]).find((each) => each !== 'null');
    s = {
      anyOf: [{ ...rest, type: other }, { type: 'null' }],
      ...(description !== undefined ? { description } : {}),
      ...('default' in s ? { default: fallback } : {}),
    };
  }
  if (isObject(s.properties)) {
    const properties = s.properties as Record<string, Schema>;
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    for (const [name, property] of Object.entries(properties)) {
      if (!isObject(property)) continue;
      if (required.has(name) && 'default' in property) required.delete(name);
      // Python's optional parameter: `Optional[X] = None` for an X the schema did not make nullable.
      if (
        !required.has(name) &&
        property.default === null &&
        Array.isArray(property.anyOf) &&
        property.anyOf.length === 2
      ) {
        const [first, second] = property.anyOf as Schema[];
        if (isObject(second) && second.type === 'null' && Object.keys(second).length === 1) {
          const { anyOf: _anyOf, default: _default, ...rest } = property;
          properties[name] = { ...first, ...rest };
        }
      }
    }
    if (required.size > 0) s.required = [...required].sort();
    else delete s.required;
  }
  return s;
}
