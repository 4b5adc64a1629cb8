/* How JSON Schema keywords are said in Python for pydantic (`Field(...)` arguments, types, literals), and the imports they need. */

/** A number keyword's `Field(...)` argument. */
export const NUMBER_FIELDS: Record<string, string> = {
  minimum: 'ge',
  maximum: 'le',
  exclusiveMinimum: 'gt',
  exclusiveMaximum: 'lt',
  multipleOf: 'multiple_of',
};
/** A length keyword's `Field(...)` argument (strings and arrays alike). */
export const LENGTH_FIELDS: Record<string, string> = {
  minLength: 'min_length',
  maxLength: 'max_length',
  minItems: 'min_length',
  maxItems: 'max_length',
};
/** The `Field(...)` arguments that constrain a type (they go on the type itself inside a union). */
export const CONSTRAINTS = new Set([...Object.values(NUMBER_FIELDS), ...Object.values(LENGTH_FIELDS), 'pattern']);
/** A string `format` with a Python type of its own. */
export const FORMATS: Record<string, string> = { 'date-time': 'datetime', date: 'date', time: 'time', uuid: 'UUID' };

/** Text a docstring keeps as it is: no leading or trailing space, no tabs, no carriage returns. */
export const isPlainText = (text: string) => text === text.trim() && !/[\t\r\\]|"""/.test(text) && text.length > 0;
/** The JSON type pydantic gives a `Literal[...]` of these values, when they share one. */
export const literalType = (values: unknown[]) => {
  const kinds = new Set(
    values.map((value) =>
      typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value,
    ),
  );
  return kinds.size === 1 ? [...kinds][0] : undefined;
};

/** A module's import lines, standard library first: `typing`'s names, other imports, then LangChain's `tool` and pydantic's. */
export function importLines(typing: Set<string>, imports: Set<string>, withTool: boolean): string {
  const lines = [...imports].filter((line) => !line.startsWith('from pydantic'));
  const pydanticModules = [...imports].filter((line) => line.startsWith('from pydantic.')).sort();
  const pydantic = new Set<string>();
  for (const line of imports)
    if (line.startsWith('from pydantic import ')) for (const each of line.slice(21).split(', ')) pydantic.add(each);
  const typingLine = typing.size > 0 ? [`from typing import ${[...typing].sort().join(', ')}`] : [];
  const standard = [...typingLine, ...lines.sort()];
  const third = [
    ...(withTool ? ['from langchain_core.tools import tool'] : []),
    ...(pydantic.size > 0 ? [`from pydantic import ${[...pydantic].sort().join(', ')}`] : []),
    ...pydanticModules,
  ];
  return `${standard.length > 0 ? `${standard.join('\n')}\n\n` : ''}${third.join('\n')}\n`;
}

/**
 * An optional field without a default: `None` is the Python default, but neither `null` as a
 * type nor as a default goes into the schema — pydantic's `SkipJsonSchema[None]`, and the default
 * popped by `json_schema_extra`. Constraints move onto the type (pydantic cannot put `ge=` on a
 * union). `field` is the field's `Field(...)` arguments, changed in place; the hint and what it needs.
 */
export function optionalWithoutDefault(
  hint: string,
  field: Map<string, string>,
): { hint: string; typing: string[]; imports: string[] } {
  const extra = field.get('json_schema_extra');
  const popped = 'lambda schema: schema.pop("default")';
  field.set('json_schema_extra', extra ? `lambda schema: (schema.pop("default"), schema.update(${extra}))` : popped);
  if (hint === 'Any' || hint.startsWith('Optional[')) return { hint, typing: [], imports: [] };
  const constraints = [...field].filter(([key]) => CONSTRAINTS.has(key));
  for (const [key] of constraints) field.delete(key);
  const constrained =
    constraints.length > 0
      ? `Annotated[${hint}, Field(${constraints.map(([key, each]) => `${key}=${each}`).join(', ')})]`
      : hint;
  return {
    hint: `Union[${constrained}, SkipJsonSchema[None]]`,
    typing: constraints.length > 0 ? ['Annotated', 'Union'] : ['Union'],
    imports: ['from pydantic.json_schema import SkipJsonSchema'],
  };
}
