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
  const asList = /new\s+ArrayList<\w*>\(Arrays\.asList\((.+?)\)\)/.exec(text);
  if (asList)
    return listOf(
      asList[1].split(',').map((item) => item.trim()),
      element,
    );
  const added = /new\s+ArrayList<\w*>\(\)\s*\{\{\s*(.+?)\s*\}\}/s.exec(text);
  if (added)
    return listOf(
      [...added[1].matchAll(/add\((.+?)\)/g)].map((found) => found[1].trim()),
      element,
    );
  if (/new\s+ArrayList<\w*>\(\)/.test(text)) return plain([]);
  return plain(text);
}

function javaArray(text: string, nested: string | undefined): Converted {
  const found = /new\s+\w+\[\]\s*\{(.*?)\}/.exec(text);
  if (!found) return plain(text);
  const items = found[1].split(',').filter((item) => item.trim() !== '');
  return listOf(
    items.map((item) => item.trim()),
    (item) => (nested ? convertJavaValue(item, nested) : javaValue(item)),
  );
}

function javaHashMap(text: string): Converted {
  const found = /new\s+HashMap<.*?>\s*\(\)\s*\{\s*\{?\s*(.*?)\s*\}?\s*\}/s.exec(text);
  if (found) {
    const entries: Record<string, unknown> = {};
    if (found[1].trim() !== '')
      for (const [, key, value] of found[1].matchAll(/put\("(.*?)",\s*(.*?)\)/g))
        entries[key] = javaValue(value.trim()).value;
    return plain(entries);
  }
  return /new\s+HashMap<.*?>\s*\(\)/.test(text) ? plain({}) : plain(text);
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
  const twoD = /^(?:\[\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\]|\bnew\s+Array\(\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\))/.exec(code);
  if (twoD) {
    const rows = [...twoD[0].matchAll(/\[(.*?)\]/g)].map((found, index) => {
      const inner = found[1].trim();
      const row = index === 0 && inner.startsWith('[') ? inner.slice(1) : inner;
      return row.split(',').map((item) => jsValue(item.trim()).value);
    });
    return plain(rows);
  }
  const oneD = /^(?:\[(.*?)\]|\bnew\s+Array\((.*?)\))/.exec(code);
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
  const found = /^\{(.*?)\}/.exec(code);
  if (!found) return plain(code);
  const entries: Record<string, unknown> = {};
  for (const [, rawKey, rawValue] of found[1].matchAll(/([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)/g)) {
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
