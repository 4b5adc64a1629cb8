/* Python source text written from values: literals, names and docstrings, each quoted or made safe for Python. */

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type'.split(
    ' ',
  ),
);
const IDENTIFIER = /^[A-Za-z_]\w*$/;
/** Whether a name can be a Python parameter, field or function name. */
export const isIdentifier = (name: string) => IDENTIFIER.test(name) && !PYTHON_KEYWORDS.has(name);

/** A JSON value as a Python literal: strings as JSON writes them (valid Python escapes), `None`, `True`, `False`. */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, each]) => `${JSON.stringify(key)}: ${pythonLiteral(each)}`)
    .join(', ')}}`;
}

/** Text for a triple-quoted string: backslashes doubled, `"""` and a closing quote escaped. */
export const escapeDocstring = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').replace(/"$/, '\\"');
/** A docstring whose lines after the first are indented by `indent`. */
export const docstring = (text: string, indent: string) =>
  `"""${escapeDocstring(text).replace(/\n/g, `\n${indent}`)}"""`;
/** A name that is a Python identifier (not a keyword, no leading underscore pydantic would hide). */
export const safeName = (name: string) => {
  const cleaned = name.replace(/\W/g, '_').replace(/^(\d)/, '_$1');
  return PYTHON_KEYWORDS.has(cleaned) ? `${cleaned}_` : cleaned.startsWith('_') ? `f${cleaned}` : cleaned;
};
/** `place-order` → `PlaceOrder`, for class names. */
export const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
