/**
 * BFCL's Java and JavaScript value converters (`java_type_converter`, `js_type_converter`): the
 * model is told every Java or JavaScript parameter is a string holding the language's syntax,
 * and BFCL's checker reads that string into a Python value by the function doc's type before it
 * compares it with the possible answers. Ported rule for rule, Python's regular expressions and
 * `int()`/`float()` included, so a value reads here as it reads there; a value BFCL cannot read
 * stays the string it was (and then fails the type check, as there).
 */

/** A converted value, and the paths below it ("" itself, "2" its third item) that are Python floats. */
export type Converted = { value: unknown; floats: Set<string> };

/** A type BFCL's converter does not implement (it raises there). */
export class BfclConversionError extends Error {}

import { execSafe, matchAllSafe } from '../../tools/safe-regexp';

const plain = (value: unknown): Converted => ({ value, floats: new Set() });
const float = (value: number): Converted => ({ value, floats: new Set(['']) });

// Python's `$` (no MULTILINE) also matches before one newline at the very end.
const END = '\\n?$';
const match = (pattern: string, text: string) => new RegExp(`^(?:${pattern})${END}`).test(text);

/** Python's `int(text)`: whitespace around, a sign, digits with single underscores between. */
export function pythonInt(text: string): number | undefined {
  const trimmed = text.trim();
  return /^[+-]?\d(?:_?\d)*$/.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : undefined;
}

/** Python's `float(text)`: as `int`, with a point and an exponent, or inf, infinity, nan. */
export function pythonFloat(text: string): number | undefined {
  const trimmed = text.trim();
  const word = /^([+-]?)(inf|infinity|nan)$/i.exec(trimmed);
  if (word) return word[2].toLowerCase() === 'nan' ? Number.NaN : word[1] === '-' ? -Infinity : Infinity;
  const digits = '\\d(?:_?\\d)*';
  const number = new RegExp(`^[+-]?(?:(?:${digits})?\\.${digits}|${digits}\\.?)(?:[eE][+-]?${digits})?$`);
  return number.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : undefined;
}

/** `(?=[^,]+:)` at `at`: a colon after at least one character, with no comma before it. */
function keyFollows(text: string, at: number): boolean {
  if (at >= text.length || text[at] === ',') return false;
  for (let index = at + 1; index < text.length && text[index] !== ','; index++) if (text[index] === ':') return true;
  return false;
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * BFCL's `re.findall(r"([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)", inside)` as one scan (that regular
 * expression backtracks): each key up to a colon, its value up to the first comma whose following
 * white space is followed by another key, or to the end; a value cannot cross a line (`.`).
 */
export function dictEntries(text: string): [string, string][] {
  const entries: [string, string][] = [];
  let at = 0;
  scan: while (at < text.length) {
    const colon = text.indexOf(':', at);
    if (colon === -1) break;
    // `[^:]+` needs one character: a search moves on past a colon where a key should start.
    if (colon === at) {
      at += 1;
      continue;
    }
    let start = colon + 1;
    while (isSpace(text[start])) start++;
    for (let end = start; end <= text.length; end++) {
      if (end === text.length) {
        entries.push([text.slice(at, colon), text.slice(start)]);
        break scan;
      }
      if (text[end] === '\n') {
        // No match can start before this colon: the search goes on after it.
        at = colon + 1;
        continue scan;
      }
      if (text[end] !== ',') continue;
      let after = end + 1;
      while (isSpace(text[after])) after++;
      // Greedy white space, then the lookahead; with one space less, a colon right after it still counts.
      const next = keyFollows(text, after) ? after : after > end + 1 && text[after] === ':' ? after - 1 : undefined;
      if (next === undefined) continue;
      entries.push([text.slice(at, colon), text.slice(start, end)]);
      at = next;
      continue scan;
    }
  }
  return entries;
}

/** Python's `str.strip(chars)`: every one of `chars` off both ends. */
const stripChars = (text: string, chars: string) => {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start++;
  while (end > start && chars.includes(text[end - 1])) end--;
  return text.slice(start, end);
};

/** A list's items converted one by one; an item that reads as a Python float is noted by its index. */
function listOf(items: readonly string[], convert: (item: string) => Converted): Converted {
  const floats = new Set<string>();
  const value = items.map((item, index) => {
    const converted = convert(item);
    if (converted.floats.has('')) floats.add(String(index));
    return converted.value;
  });
  return { value, floats };
}

// ——— Java ———

/** `parse_java_value`: a Java literal read without its type. */
function javaValue(text: string): Converted {
  if (text === 'true') return plain(true);
  if (text === 'false') return plain(false);
  if (text.startsWith('"') && text.endsWith('"')) return plain(text.slice(1, -1));
  if (match('-?\\d+[lL]', text)) return plain(Number(text.slice(0, -1)));
  if (match('-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?[fF]', text)) return float(Number(text.replace(/[fF](?=\n?$)/, '')));
  const whole = pythonInt(text);
  if (whole !== undefined) return plain(whole);
  const fraction = pythonFloat(text);
  return fraction === undefined ? plain(text) : float(fraction);
}

function javaArrayList(text: string, nested: string | undefined): Converted {
  const element = (item: string) =>
    nested === 'char' || nested === 'String'
      ? plain(item.slice(1, -1))
      : nested
        ? convertJavaValue(item, nested)
        : javaValue(item);
  const asList = execSafe(String.raw`new\s+ArrayList<\w*>\(Arrays\.asList\((.+?)\)\)`, text);
  if (asList)
    return listOf(
      (asList[1] ?? '').split(',').map((item) => item.trim()),
      element,
    );
  const added = execSafe(String.raw`new\s+ArrayList<\w*>\(\)\s*\{\{\s*(.+?)\s*\}\}`, text, 's');
  if (added)
    return listOf(
      matchAllSafe(String.raw`add\((.+?)\)`, added[1] ?? '').map((found) => (found[1] ?? '').trim()),
      element,
    );
  if (execSafe(String.raw`new\s+ArrayList<\w*>\(\)`, text)) return plain([]);
  return plain(text);
}

function javaArray(text: string, nested: string | undefined): Converted {
  const found = execSafe(String.raw`new\s+\w+\[\]\s*\{(.*?)\}`, text);
  if (!found) return plain(text);
  const items = (found[1] ?? '').split(',').filter((item) => item.trim() !== '');
  return listOf(
    items.map((item) => item.trim()),
    (item) => (nested ? convertJavaValue(item, nested) : javaValue(item)),
  );
}

function javaHashMap(text: string): Converted {
  const found = execSafe(String.raw`new\s+HashMap<.*?>\s*\(\)\s*\{\s*\{?\s*(.*?)\s*\}?\s*\}`, text, 's');
  if (found) {
    const entries: Record<string, unknown> = {};
    const inside = found[1] ?? '';
    if (inside.trim() !== '')
      for (const [, key = '', value = ''] of matchAllSafe(String.raw`put\("(.*?)",\s*(.*?)\)`, inside))
        entries[key] = javaValue(value.trim()).value;
    return plain(entries);
  }
  return execSafe(String.raw`new\s+HashMap<.*?>\s*\(\)`, text) ? plain({}) : plain(text);
}

/** `java_type_converter(value, type, nested)`. */
export function convertJavaValue(text: string, type: string, nested?: string): Converted {
  switch (type) {
    case 'byte':
    case 'short':
    case 'integer':
      return match('-?\\d+', text) ? plain(pythonInt(text)) : plain(text);
    case 'float':
      return match('-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?[fF]', text)
        ? float(pythonFloat(text.replace(/[fF](?=\n?$)/, '')) ?? Number.NaN)
        : plain(text);
    case 'double':
      return match('-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?', text) ? float(pythonFloat(text) ?? Number.NaN) : plain(text);
    case 'long':
      return match('-?\\d+[lL]', text) ? plain(pythonInt(text.replace(/[lL](?=\n?$)/, ''))) : plain(text);
    case 'boolean':
      return text === 'true' || text === 'false' ? plain(text === 'true') : plain(text);
    // BFCL's pattern for a char (`^'.$'`) can never match: a char always stays the string.
    case 'char':
    case 'String':
    case 'any':
      return plain(text);
    case 'Array':
      return javaArray(text, nested);
    case 'ArrayList':
      return javaArrayList(text, nested);
    case 'HashMap':
      return javaHashMap(text);
    case 'Set':
    case 'Hashtable':
    case 'Queue':
    case 'Stack':
      throw new BfclConversionError(`BFCL's checker does not read a Java ${type}`);
    default:
      throw new BfclConversionError(`BFCL's checker has no Java type "${type}"`);
  }
}

// ——— JavaScript ———

const quoted = (text: string) =>
  (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"));

/** `parse_js_value`: a JavaScript literal read without its type. */
function jsValue(raw: string): Converted {
  const text = raw.trim();
  if (text === 'true') return plain(true);
  if (text === 'false') return plain(false);
  if (quoted(text)) return plain(text.slice(1, -1));
  const whole = pythonInt(text);
  if (whole !== undefined) return plain(whole);
  const fraction = pythonFloat(text);
  return fraction === undefined ? plain(text) : float(fraction);
}

function jsArray(code: string, nested: string | undefined): Converted {
  const twoD = execSafe(
    String.raw`^(?:\[\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\]|\bnew\s+Array\(\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\))`,
    code,
  );
  if (twoD) {
    const rows = matchAllSafe(String.raw`\[(.*?)\]`, twoD[0] ?? '').map((found, index) => {
      const inner = (found[1] ?? '').trim();
      const row = index === 0 && inner.startsWith('[') ? inner.slice(1) : inner;
      return row.split(',').map((item) => jsValue(item.trim()).value);
    });
    return plain(rows);
  }
  const oneD = execSafe(String.raw`^(?:\[(.*?)\]|\bnew\s+Array\((.*?)\))`, code);
  if (!oneD) return plain(code);
  const inside = (oneD[1] ?? oneD[2] ?? '').trim();
  const items = inside === '' ? [] : inside.split(',');
  return listOf(
    items.map((item) => item.trim()),
    (item) => (nested ? convertJsValue(item, nested) : jsValue(item)),
  );
}

function jsDict(code: string): Converted {
  if (code === '{}') return plain({});
  const found = execSafe(String.raw`^\{(.*?)\}`, code);
  if (!found) return plain(code);
  const entries: Record<string, unknown> = {};
  for (const [rawKey, rawValue] of dictEntries(found[1] ?? '')) {
    const key = stripChars(rawKey.trim(), `'"`);
    const value = rawValue.trim();
    entries[key] =
      value.startsWith('[') && value.endsWith(']')
        ? jsCollection(value, 'array', undefined).value
        : value.startsWith('{') && value.endsWith('}')
          ? jsCollection(value, 'dict', undefined).value
          : jsValue(stripChars(value, `'"`)).value;
  }
  return plain(entries);
}

/** `parse_js_collection`: any error inside leaves the code as it was (BFCL catches every one). */
function jsCollection(raw: string, type: 'array' | 'dict', nested: string | undefined): Converted {
  const code = raw.trim();
  try {
    return type === 'array' ? jsArray(code, nested) : jsDict(code);
  } catch {
    return plain(code);
  }
}

/** `js_type_converter(value, type, nested)`. */
export function convertJsValue(text: string, type: string, nested?: string): Converted {
  switch (type) {
    case 'String':
      return plain(quoted(text) ? text.slice(1, -1) : text);
    case 'integer':
      return match('-?\\d+', text) ? plain(pythonInt(text)) : plain(text);
    case 'float':
      return match('-?\\d+(\\.\\d+)?', text) ? float(pythonFloat(text) ?? Number.NaN) : plain(text);
    case 'Bigint': {
      if (!match('-?\\d+n', text)) return plain(text);
      const whole = pythonInt(text.slice(0, -1));
      if (whole === undefined)
        throw new BfclConversionError(`BFCL's checker cannot read ${JSON.stringify(text)} as a Bigint`);
      return plain(whole);
    }
    case 'Boolean':
      return text === 'true' || text === 'false' ? plain(text === 'true') : plain(text);
    case 'dict':
      return jsCollection(text, 'dict', nested);
    case 'array':
      return jsCollection(text, 'array', nested);
    case 'any':
      return plain(text);
    default:
      throw new BfclConversionError(`BFCL's checker has no JavaScript type "${type}"`);
  }
}
