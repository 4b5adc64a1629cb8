/**
 * The part of a tree-sitter syntax tree the Python reader uses (web-tree-sitter's `Node` has
 * it), and Python literals read off it: strings with their escapes, numbers, constants and
 * containers — what a default or a `Literal[...]` may hold. Nothing here runs the code.
 */

export interface PySyntaxNode {
  readonly type: string;
  readonly text: string;
  readonly isMissing: boolean;
  readonly hasError: boolean;
  readonly startPosition: { row: number; column: number };
  readonly children: readonly (PySyntaxNode | null)[];
  readonly namedChildren: readonly (PySyntaxNode | null)[];
  childForFieldName(name: string): PySyntaxNode | null;
  childrenForFieldName(name: string): readonly (PySyntaxNode | null)[];
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A literal's value, or `NOT_LITERAL` when it is code (a call, a name, an f-string). `ELLIPSIS` is `...`. */
export const NOT_LITERAL = Symbol('not a literal');
export const ELLIPSIS = Symbol('...');
export type PyValue = JsonValue | typeof NOT_LITERAL | typeof ELLIPSIS;

export const named = (node: PySyntaxNode): PySyntaxNode[] =>
  node.namedChildren.filter((child): child is PySyntaxNode => child !== null && child.type !== 'comment');

const SIMPLE_ESCAPES: Record<string, string> = {
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Python's escape sequences in a non-raw string body. */
function decodeEscapes(body: string): string {
  return body.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|[\s\S])/g,
    (match, code: string) => {
      if (code in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[code];
      if (/^[xuU]/.test(code)) return String.fromCodePoint(Number.parseInt(code.slice(1), 16));
      if (/^[0-7]/.test(code)) return String.fromCodePoint(Number.parseInt(code, 8));
      return match;
    },
  );
}

/**
 * A string literal's value, as Python evaluates it: escapes decoded, adjacent literals joined,
 * parentheses around it (how black and ruff wrap a long string) looked through, `+` of strings
 * joined, an f-string without fields read as its text; `undefined` for an f-string with fields or bytes.
 */
export function readString(node: PySyntaxNode): string | undefined {
  if (node.type === 'parenthesized_expression') {
    const inner = named(node);
    return inner.length === 1 ? readString(inner[0]) : undefined;
  }
  if (node.type === 'concatenated_string') {
    const parts = named(node).map(readString);
    return parts.every((part) => part !== undefined) ? parts.join('') : undefined;
  }
  // `"a" + "b"`: Python joins them when the module loads.
  if (node.type === 'binary_operator' && node.childForFieldName('operator')?.text === '+') {
    const [left, right] = [node.childForFieldName('left'), node.childForFieldName('right')];
    const parts = [left && readString(left), right && readString(right)];
    return parts[0] !== undefined && parts[0] !== null && parts[1] !== undefined && parts[1] !== null
      ? parts[0] + parts[1]
      : undefined;
  }
  if (node.type !== 'string') return undefined;
  const match = /^([a-zA-Z]*)('''|"""|'|")([\s\S]*)\2$/.exec(node.text);
  if (!match) return undefined;
  const prefix = match[1].toLowerCase();
  if (prefix.includes('b') || prefix.includes('t')) return undefined;
  let body = match[3];
  if (prefix.includes('f')) {
    // An f-string without fields is its text, `{{` and `}}` read as braces; one with fields is code.
    if (named(node).some((child) => child.type === 'interpolation')) return undefined;
    body = body.replace(/\{\{/g, '{').replace(/\}\}/g, '}');
  }
  return prefix.includes('r') ? body : decodeEscapes(body);
}

function readNumber(text: string, float: boolean): number {
  const digits = text.replace(/_/g, '').replace(/[jJ]$/, '');
  if (float) return Number(digits);
  if (/^0[xX]/.test(digits)) return Number.parseInt(digits.slice(2), 16);
  if (/^0[oO]/.test(digits)) return Number.parseInt(digits.slice(2), 8);
  if (/^0[bB]/.test(digits)) return Number.parseInt(digits.slice(2), 2);
  return Number(digits);
}

/** A literal expression's value; `resolveName` reads names and attributes (an enum member, a constant). */
export function readValue(
  node: PySyntaxNode,
  resolveName: (node: PySyntaxNode) => PyValue = () => NOT_LITERAL,
): PyValue {
  const read = (child: PySyntaxNode) => readValue(child, resolveName);
  switch (node.type) {
    case 'string':
    case 'concatenated_string':
      return readString(node) ?? NOT_LITERAL;
    case 'integer':
      return readNumber(node.text, false);
    case 'float':
      return readNumber(node.text, true);
    case 'true':
      return true;
    case 'false':
      return false;
    case 'none':
      return null;
    case 'ellipsis':
      return ELLIPSIS;
    case 'parenthesized_expression':
      return named(node).length === 1 ? read(named(node)[0]) : NOT_LITERAL;
    case 'unary_operator': {
      const operand = node.childForFieldName('argument');
      const value = operand ? read(operand) : NOT_LITERAL;
      if (typeof value !== 'number') return NOT_LITERAL;
      return node.text.trimStart().startsWith('-') ? -value : value;
    }
    case 'list':
    case 'tuple':
    case 'set': {
      const items = named(node).map(read);
      return items.every(isJson) ? (items as JsonValue[]) : NOT_LITERAL;
    }
    case 'dictionary': {
      const out: Record<string, JsonValue> = {};
      for (const pair of named(node)) {
        if (pair.type !== 'pair') return NOT_LITERAL;
        const key = pair.childForFieldName('key');
        const value = pair.childForFieldName('value');
        const keyValue = key ? read(key) : NOT_LITERAL;
        const valueValue = value ? read(value) : NOT_LITERAL;
        if (typeof keyValue !== 'string' || !isJson(valueValue)) return NOT_LITERAL;
        out[keyValue] = valueValue;
      }
      return out;
    }
    case 'call': {
      // `list()`, `dict()`, `set()`, `tuple()`: the empty containers.
      const callee = node.childForFieldName('function')?.text;
      const args = node.childForFieldName('arguments');
      if (args && named(args).length === 0) {
        if (callee === 'list' || callee === 'set' || callee === 'tuple' || callee === 'frozenset') return [];
        if (callee === 'dict') return {};
      }
      return NOT_LITERAL;
    }
    case 'identifier':
    case 'attribute':
      return resolveName(node);
    default:
      return NOT_LITERAL;
  }
}

export const isJson = (value: PyValue): value is JsonValue => value !== NOT_LITERAL && value !== ELLIPSIS;

/** A call's arguments: the positional ones in order and the keyword ones by name. */
export function readCallArguments(call: PySyntaxNode): {
  positional: PySyntaxNode[];
  keywords: Map<string, PySyntaxNode>;
} {
  const positional: PySyntaxNode[] = [];
  const keywords = new Map<string, PySyntaxNode>();
  const args = call.childForFieldName('arguments');
  for (const arg of args ? named(args) : []) {
    if (arg.type === 'keyword_argument') {
      const name = arg.childForFieldName('name')?.text;
      const value = arg.childForFieldName('value');
      if (name && value) keywords.set(name, value);
    } else positional.push(arg);
  }
  return { positional, keywords };
}

/** The last part of a dotted name (`typing.Optional` → `Optional`), or `undefined` if the node is not a name. */
export function simpleName(node: PySyntaxNode): string | undefined {
  if (node.type === 'identifier') return node.text;
  if (node.type === 'attribute') return node.childForFieldName('attribute')?.text;
  return undefined;
}

/** The first place the parser could not read: an ERROR node or a token it had to invent. */
export function findSyntaxError(root: PySyntaxNode): PySyntaxNode | undefined {
  if (!root.hasError) return undefined;
  const stack: PySyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.shift() as PySyntaxNode;
    if (node.type === 'ERROR' || node.isMissing) return node;
    const children = node.children.filter(
      (child): child is PySyntaxNode => child !== null && (child.hasError || child.isMissing),
    );
    stack.unshift(...children);
  }
  return root;
}
