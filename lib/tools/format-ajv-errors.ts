import type { ErrorObject } from 'ajv';

/**
 * One thing wrong with a schema or with arguments. `path` is what people read (`a[0].b`,
 * '' for the root); `pointer` is the JSON pointer of the value the problem is about.
 */
/** The message of a missing required property (callers tell it apart by it). */
export const MISSING_REQUIRED_MESSAGE = 'is required but missing';

export type SchemaProblem = { path: string; pointer: string; message: string };

const COMBINATOR_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not']);

/** Turns a JSON pointer (`/a/0/b`) into the dotted path people read (`a[0].b`). */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, token) => {
      if (/^\d+$/.test(token)) return `${path}[${token}]`;
      return path ? `${path}.${token}` : token;
    }, '');
}

function describe(error: ErrorObject): Omit<SchemaProblem, 'pointer'> {
  const base = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      return { path: base ? `${base}.${name}` : name, message: MISSING_REQUIRED_MESSAGE };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      return {
        path: base ? `${base}.${name}` : name,
        message: 'is not allowed: the schema does not declare this property',
      };
    }
    case 'enum':
      return {
        path: base,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'type':
      return { path: base, message: `must be ${withArticle(String(params.type))}` };
    default:
      return { path: base, message: error.message ?? `fails the "${error.keyword}" rule` };
  }
}

function withArticle(type: string): string {
  if (type.includes(',')) return `of type ${type.replace(/,/g, ' or ')}`;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * Makes Ajv's errors readable: one problem per path, combinator noise ("must match a schema
 * in anyOf") dropped when a more specific error at the same path says what is wrong.
 */
export function formatAjvErrors(errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  const specific = (errors ?? []).filter((error) => !COMBINATOR_KEYWORDS.has(error.keyword));
  const chosen = specific.length > 0 ? specific : [...(errors ?? [])];
  for (const error of chosen) {
    const problem = describe(error);
    if (seen.has(problem.path)) continue;
    seen.add(problem.path);
    problems.push({ ...problem, pointer: error.instancePath });
  }
  return problems;
}

/** One sentence per problem, e.g. "`timeout_seconds` must be <= 300". */
export function problemToSentence(problem: SchemaProblem, rootLabel = 'the value'): string {
  return problem.path ? `\`${problem.path}\` ${problem.message}` : `${rootLabel} ${problem.message}`;
}
