import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { formatAjvErrors, type SchemaProblem } from './format-ajv-errors';
import { safeRegExpEngine } from './safe-regexp';
import { refLoopOf } from './ref-loop';

const DRAFT_07 = /json-schema\.org\/draft-07\/schema/;
/** Compiled schemas kept per checker; the editor re-parses on every keystroke. */
const MAX_CACHED_SCHEMAS = 256;
/**
 * The longest array whose items are checked for `uniqueItems`: Ajv compares objects pairwise
 * (16,000 items take seconds, 100,000 minutes), and a value is a model's or a stranger's.
 */
export const MAX_UNIQUE_ITEMS_CHECKED = 2_000;

/** A problem for the first array longer than `MAX_UNIQUE_ITEMS_CHECKED` in `value` when `schema` asks for unique items anywhere. */
function uniqueItemsTooLong(schema: Record<string, unknown>, value: unknown): SchemaProblem[] {
  if (!JSON.stringify(schema).includes('"uniqueItems":true')) return [];
  // Its own stack, not recursion: the value may be deep.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, pointer] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current) && current.length > MAX_UNIQUE_ITEMS_CHECKED)
      return [
        {
          path: pointer.slice(1).replaceAll('/', '.'),
          pointer,
          message: `has ${current.length} items; the schema asks for unique items, which are checked for at most ${MAX_UNIQUE_ITEMS_CHECKED}`,
        },
      ];
    for (const [key, child] of Object.entries(current)) stack.push([child, `${pointer}/${key}`]);
  }
  return [];
}

export type SchemaChecker = {
  /** Problems that make `schema` unusable as a JSON Schema (meta-schema and compile errors). */
  checkSchema(schema: Record<string, unknown>): SchemaProblem[];
  /** Problems with `value` against `schema`; an empty list means it is valid. */
  checkValue(schema: Record<string, unknown>, value: unknown): SchemaProblem[];
  /**
   * `value` normalised the way seed 004's validation returns arguments — defaults filled in,
   * scalars coerced to the declared type ("3" → 3) — then checked; `value` itself is not changed.
   */
  normalizeValue(schema: Record<string, unknown>, value: unknown): { value: unknown; problems: SchemaProblem[] };
  /**
   * What `make` made for `key` the first time it was asked (a tool's text checked: the same text
   * checks the same way while this checker lives); bounded like the compiled schemas.
   */
  remember?<T>(key: string, make: () => T): T;
};

function createAjv(kind: 'draft-07' | '2020-12', normalize = false): Ajv {
  // Patterns come from strangers' schemas and are matched against models' output: RE2 only.
  const options = {
    allErrors: true,
    strict: false,
    logger: false as const,
    code: { regExp: safeRegExpEngine },
    ...(normalize ? { useDefaults: true, coerceTypes: true } : {}),
  };
  const ajv = kind === 'draft-07' ? new Ajv(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}

/**
 * Creates an Ajv-backed checker. Schemas declaring draft-07 are checked as draft-07, all
 * others as draft 2020-12. Compiled validators are cached by the schema's JSON text, so an
 * unchanged schema re-parsed from the editor is not compiled again.
 */
export function createSchemaChecker(): SchemaChecker {
  const ajvs = {
    'draft-07': createAjv('draft-07'),
    '2020-12': createAjv('2020-12'),
    'normalize-draft-07': createAjv('draft-07', true),
    'normalize-2020-12': createAjv('2020-12', true),
  };
  const compiled = new Map<string, ValidateFunction | SchemaProblem[]>();

  const ajvFor = (schema: Record<string, unknown>, normalize: boolean) => {
    const draft = typeof schema.$schema === 'string' && DRAFT_07.test(schema.$schema) ? 'draft-07' : '2020-12';
    return ajvs[normalize ? (`normalize-${draft}` as const) : draft];
  };

  const compile = (schema: Record<string, unknown>, normalize = false): ValidateFunction | SchemaProblem[] => {
    const key = `${normalize ? 'n' : 'v'}${JSON.stringify(schema)}`;
    const cached = compiled.get(key);
    if (cached) return cached;
    const ajv = ajvFor(schema, normalize);
    let result: ValidateFunction | SchemaProblem[];
    const loop = refLoopOf(schema);
    try {
      result = loop
        ? [
            {
              path: '',
              pointer: loop[0].slice(1),
              message: `has a $ref loop that never reaches a schema (${loop.join(' → ')})`,
            },
          ]
        : ajv.validateSchema(schema)
          ? ajv.compile(schema)
          : formatAjvErrors(ajv.errors);
    } catch (error) {
      // Ajv throws for what a meta-schema cannot express, e.g. an unresolvable $ref; its recursion
      // runs out of stack on a schema nested past any real one's depth.
      const message =
        error instanceof RangeError
          ? 'is nested too deeply, or refers to itself in a way no validator can follow'
          : error instanceof Error
            ? error.message
            : String(error);
      result = [{ path: '', pointer: '', message }];
    }
    if (compiled.size >= MAX_CACHED_SCHEMAS) {
      // Ajv keeps compiled schemas too; start both afresh rather than grow without bound.
      compiled.clear();
      for (const ajv of Object.values(ajvs)) ajv.removeSchema();
    }
    compiled.set(key, result);
    return result;
  };

  const remembered = new Map<string, unknown>();
  return {
    remember<T>(key: string, make: () => T): T {
      if (remembered.has(key)) return remembered.get(key) as T;
      if (remembered.size >= MAX_CACHED_SCHEMAS) remembered.clear();
      const made = make();
      remembered.set(key, made);
      return made;
    },
    checkSchema(schema) {
      const result = compile(schema);
      return Array.isArray(result) ? result : [];
    },
    checkValue(schema, value) {
      const result = compile(schema);
      if (Array.isArray(result)) {
        return [{ path: '', pointer: '', message: 'cannot be checked: the schema itself is invalid' }];
      }
      const tooLong = uniqueItemsTooLong(schema, value);
      if (tooLong.length > 0) return tooLong;
      return result(value) ? [] : formatAjvErrors(result.errors);
    },
    normalizeValue(schema, value) {
      const result = compile(schema, true);
      if (Array.isArray(result)) {
        return {
          value,
          problems: [{ path: '', pointer: '', message: 'cannot be checked: the schema itself is invalid' }],
        };
      }
      const tooLong = uniqueItemsTooLong(schema, value);
      if (tooLong.length > 0) return { value, problems: tooLong };
      const copy = structuredClone(value);
      return result(copy) ? { value: copy, problems: [] } : { value, problems: formatAjvErrors(result.errors) };
    },
  };
}
