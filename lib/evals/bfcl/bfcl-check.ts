import { type Converted, convertJavaValue, convertJsValue } from './bfcl-convert';
import { standardize } from './bfcl-standardize';

/**
 * One argument checked as BFCL's AST checker checks it (for a case read from BFCL): by the
 * function doc's type — as Python sees JSON, so `5.0` is a float that an `integer` refuses and
 * `2` a float's fine — then by value: strings with case, spaces and ",./-_*^" ignored (in lists
 * and dicts too), a dict key by key ("" among a key's values: it may be left out), a list of
 * dicts dict by dict, anything else by Python's equality. Written from BFCL's documented
 * behaviour and checked against its verdicts (lib/evals/bfcl/fixtures/bfcl-agreement.json).
 */

export type BfclMatcher = {
  bfcl: unknown[];
  type?: string;
  items?: string;
  optional?: boolean;
  /** A Java or JavaScript case: the value is that language's syntax in a string (BFCL's form). */
  language?: 'java' | 'javascript';
  /** Which acceptable values ("0") or their items ("0/2") BFCL's answer wrote as floats. */
  floats?: string[];
};

/** BFCL's types as the Python types it checks for (`any` means a string there). */
const PYTHON_TYPES: Readonly<Record<string, string>> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The Python type of a JSON value; a whole number written as `5.0` (its path in `floats`) is a float. */
function pythonType(value: unknown, path = '', floats: ReadonlySet<string> = new Set()): string {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) && !floats.has(path) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (value === null) return 'NoneType';
  return Array.isArray(value) ? 'list' : 'dict';
}

/** Python's `==` on JSON values: numbers and booleans by value (True == 1), lists and dicts deeply. */
function pythonEqual(a: unknown, b: unknown): boolean {
  const scalar = (value: unknown) => typeof value === 'number' || typeof value === 'boolean';
  if (scalar(a) && scalar(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => pythonEqual(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && pythonEqual(a[key], b[key]))
    );
  }
  return a === b;
}

const among = (value: unknown, list: readonly unknown[]) => list.some((each) => pythonEqual(value, each));

const standardizeEach = (value: unknown) => (typeof value === 'string' ? standardize(value) : value);

/** The first acceptable value that is not "" (the optional marker): its Python type. */
/**
 * The first acceptable value that is not "" (the optional marker): its Python type — a float
 * where BFCL's answer wrote it so (`floats` holds its path, "0" or "0/2", under `prefix`).
 */
function answerType(
  possible: readonly unknown[],
  floats: ReadonlySet<string> = new Set(),
  prefix = '',
): string | undefined {
  const at = possible.findIndex((value) => value !== '');
  return at === -1 ? undefined : pythonType(possible[at], `${prefix}${at}`, floats);
}

function dictMatches(value: Record<string, unknown>, possible: unknown): boolean {
  if (!isRecord(possible)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (!Object.hasOwn(possible, key)) return false;
    const accepted = Array.isArray(possible[key]) ? (possible[key] as unknown[]) : [];
    if (!among(standardizeEach(inner), accepted.map(standardizeEach))) return false;
  }
  return Object.entries(possible).every(
    ([key, accepted]) => Object.hasOwn(value, key) || (Array.isArray(accepted) && accepted.includes('')),
  );
}

/** A list as BFCL compares it: its strings standardised; a possible answer that is a string counts as its characters. */
const standardList = (list: unknown) =>
  (typeof list === 'string' ? [...list] : Array.isArray(list) ? list : []).map(standardizeEach);

function nestedTypesMatch(
  value: readonly unknown[],
  possible: readonly unknown[],
  item: string,
  floats: ReadonlySet<string>,
  answerFloats: ReadonlySet<string>,
) {
  return possible.some(
    (answer, at) =>
      !Array.isArray(answer) ||
      value.every((element, index) => {
        const type = pythonType(element, String(index), floats);
        return type === item || type === answerType(answer, answerFloats, `${at}/`);
      }),
  );
}

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** The Python types BFCL's converters read Java and JavaScript values into, by the doc's type. */
const LANGUAGE_TYPES: Readonly<Record<'java' | 'javascript', Readonly<Record<string, string>>>> = {
  java: {
    byte: 'int',
    short: 'int',
    integer: 'int',
    float: 'float',
    double: 'float',
    long: 'int',
    boolean: 'bool',
    char: 'str',
    Array: 'list',
    ArrayList: 'list',
    Set: 'set',
    HashMap: 'dict',
    Hashtable: 'dict',
    Queue: 'list',
    Stack: 'list',
    String: 'str',
    any: 'str',
  },
  javascript: {
    String: 'str',
    integer: 'int',
    float: 'float',
    Bigint: 'int',
    Boolean: 'bool',
    dict: 'dict',
    array: 'list',
    any: 'str',
  },
};
/** The doc types whose items BFCL's Java and JavaScript rules convert and check. */
const NESTED_CONVERSION = ['Array', 'ArrayList', 'array'];
const LANGUAGE_NAMES = { java: 'Java', javascript: 'JavaScript' } as const;

/**
 * Why `value` fails BFCL's check of one argument, or undefined when it passes. `floats` are the
 * paths below the argument ("" for itself, "2" for its third item) written with a fraction or an
 * exponent though whole. A Java or JavaScript argument must be a string, read by BFCL's
 * converter into a Python value by the doc's type, then checked as that value.
 */
export function checkBfclArgument(
  matcher: BfclMatcher,
  value: unknown,
  floats: ReadonlySet<string>,
): string | undefined {
  if (matcher.language === undefined) {
    const named = matcher.type === undefined ? undefined : PYTHON_TYPES[matcher.type];
    const item = matcher.items === undefined ? undefined : PYTHON_TYPES[matcher.items];
    return checkTyped(matcher, value, floats, { expected: named, item, label: matcher.type, intIsFloat: true });
  }
  const language = LANGUAGE_NAMES[matcher.language];
  const types = LANGUAGE_TYPES[matcher.language];
  const type = matcher.type ?? 'any';
  if (!Object.hasOwn(types, type)) return `cannot be checked: BFCL has no ${language} type "${type}"`;
  if (typeof value !== 'string')
    return `is ${show(value)}, a ${pythonType(value, '', floats)}; BFCL asks for ${language} values as strings (${language} ${type})`;
  const nested = NESTED_CONVERSION.includes(type) ? matcher.items : undefined;
  let converted: Converted;
  try {
    converted = (matcher.language === 'java' ? convertJavaValue : convertJsValue)(value, type, nested);
  } catch (error) {
    return `cannot be checked: ${error instanceof Error ? error.message : String(error)}`;
  }
  return checkTyped(matcher, converted.value, converted.floats, {
    expected: types[type],
    item: nested === undefined ? undefined : types[nested],
    label: `${language} ${type}`,
    intIsFloat: false,
  });
}

/** BFCL's `type_checker` then its value checks, on a value as Python sees it. */
function checkTyped(
  matcher: BfclMatcher,
  value: unknown,
  floats: ReadonlySet<string>,
  rules: { expected: string | undefined; item: string | undefined; label: string | undefined; intIsFloat: boolean },
): string | undefined {
  const possible = matcher.bfcl;
  const answerFloats = new Set(matcher.floats);
  const answered = answerType(possible, answerFloats);
  const expected = rules.expected ?? answered;
  let type = pythonType(value, '', floats);
  // Python (not Java or JavaScript) takes an int where a float is asked for.
  if (rules.intIsFloat && expected === 'float' && type === 'int') type = 'float';
  const mismatch = `is ${show(value)}, expected one of ${possible
    .filter((each) => each !== '')
    .map(show)
    .join(', ')}`;
  let variable = false;
  if (expected !== undefined) {
    if (type === expected) {
      variable = answered !== undefined && answered !== expected;
      if (
        type === 'list' &&
        rules.item !== undefined &&
        !nestedTypesMatch(value as unknown[], possible, rules.item, floats, answerFloats)
      )
        return `is ${show(value)}: its items are not all of type ${matcher.items}`;
    } else if (answered !== undefined && type === answered) {
      // BFCL takes a value of the answers' type as a "variable", compared by equality alone.
      variable = true;
    } else {
      return `is ${show(value)}, a ${type}; BFCL expects ${rules.label ?? expected}${floats.has('') ? ' (written with a decimal point)' : ''}`;
    }
  }
  if (variable) return among(value, possible) ? undefined : mismatch;
  if (expected === 'dict')
    return possible.some((answer) => answer !== '' && dictMatches(value as Record<string, unknown>, answer))
      ? undefined
      : mismatch;
  if (expected === 'list' && rules.item === 'dict') {
    const list = value as unknown[];
    const fits = possible.some(
      (answer) =>
        (answer === '' && list.length === 0) ||
        (Array.isArray(answer) &&
          answer.length === list.length &&
          list.every((element, index) => isRecord(element) && dictMatches(element, answer[index]))),
    );
    return fits ? undefined : mismatch;
  }
  if (expected === 'str')
    return among(
      standardize(value as string),
      possible.filter((each) => typeof each === 'string').map((each) => standardize(each as string)),
    )
      ? undefined
      : mismatch;
  if (expected === 'list') return among(standardList(value), possible.map(standardList)) ? undefined : mismatch;
  return among(value, possible) ? undefined : mismatch;
}
