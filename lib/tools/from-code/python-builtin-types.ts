import type { JsonValue } from './python-syntax';
type Schema = Record<string, unknown>;

/** Python's and pydantic's own types, as pydantic v2 writes their JSON Schema (validation mode). */
export const NULL: Schema = { type: 'null' };
export const SCALARS: Record<string, Schema> = {
  str: { type: 'string' },
  int: { type: 'integer' },
  float: { type: 'number' },
  bool: { type: 'boolean' },
  bytes: { format: 'binary', type: 'string' },
  None: NULL,
  NoneType: NULL,
  Any: {},
  object: {},
  datetime: { format: 'date-time', type: 'string' },
  date: { format: 'date', type: 'string' },
  time: { format: 'time', type: 'string' },
  timedelta: { format: 'duration', type: 'string' },
  UUID: { format: 'uuid', type: 'string' },
  EmailStr: { format: 'email', type: 'string' },
  HttpUrl: { format: 'uri', maxLength: 2083, minLength: 1, type: 'string' },
  AnyUrl: { format: 'uri', minLength: 1, type: 'string' },
  AnyHttpUrl: { format: 'uri', minLength: 1, type: 'string' },
};
export const LISTS = new Set([
  'list',
  'List',
  'Sequence',
  'MutableSequence',
  'Iterable',
  'Collection',
  'Deque',
  'deque',
]);
export const SETS = new Set(['set', 'Set', 'frozenset', 'FrozenSet', 'AbstractSet', 'MutableSet']);
export const DICTS = new Set([
  'dict',
  'Dict',
  'Mapping',
  'MutableMapping',
  'OrderedDict',
  'DefaultDict',
  'defaultdict',
]);

/** A union member pydantic leaves out of the schema (`SkipJsonSchema[None]`). */
export const SKIPPED: Schema = Object.freeze({}) as Schema;

const JSON_TYPE_OF: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean' };

/** `Literal[...]` as pydantic writes it: `const` for one value, else `enum`, typed when the values share a type. */
export function literalSchema(values: JsonValue[]): Schema {
  const types = new Set(
    values.map((value) =>
      value === null ? 'null' : Number.isInteger(value) ? 'integer' : (JSON_TYPE_OF[typeof value] ?? 'mixed'),
    ),
  );
  const [only] = types;
  const typed = types.size === 1 && only !== 'mixed' ? { type: only } : {};
  return values.length === 1 ? { const: values[0], ...typed } : { enum: values, ...typed };
}

/** A union as pydantic writes it: members flattened, repeats and `SkipJsonSchema` members dropped, one member as itself. */
export function unionSchema(members: Schema[]): Schema {
  const flat = members
    .filter((member) => member !== SKIPPED)
    .flatMap((member) =>
      Array.isArray(member.anyOf) && Object.keys(member).length === 1 ? (member.anyOf as Schema[]) : [member],
    );
  const unique = flat.filter(
    (member, index) => flat.findIndex((other) => JSON.stringify(other) === JSON.stringify(member)) === index,
  );
  // pydantic makes a union with None a nullable union: null comes last, wherever it was written.
  const ordered = [
    ...unique.filter((member) => member.type !== 'null'),
    ...unique.filter((member) => member.type === 'null'),
  ];
  return ordered.length === 1 ? ordered[0] : { anyOf: ordered };
}
