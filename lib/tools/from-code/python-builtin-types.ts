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
