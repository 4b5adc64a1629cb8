import type { SchemaChecker } from '../tools/create-schema-checker';
import { problemToSentence } from '../tools/format-ajv-errors';
import { compileSafeRegExp } from '../tools/safe-regexp';
import { canonicalJson } from '../shapes/canonical-json';
import type { ArgumentMatcher } from '../shapes/eval-case';
import { checkBfclArgument } from './bfcl/bfcl-check';

const sameValue = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** A matcher as written in a case: a bare value stands for `{ equals: value }`. */
export function toMatcher(written: unknown): ArgumentMatcher {
  return typeof written === 'object' && written !== null && !Array.isArray(written)
    ? (written as ArgumentMatcher)
    : { equals: written };
}

/** What a matcher wants, in words ("Paris", one of …, matching /…/, between 1 and 5, …). */
export function describeMatcher(matcher: ArgumentMatcher): string {
  if ('absent' in matcher) return 'not given';
  if ('equals' in matcher) return show(matcher.equals);
  if ('oneOf' in matcher) return `one of ${matcher.oneOf.map(show).join(', ')}`;
  if ('regex' in matcher) return `a string matching /${matcher.regex}/${matcher.flags ?? ''}`;
  if ('range' in matcher) {
    const { min, max } = matcher.range;
    return min !== undefined && max !== undefined
      ? `a number from ${min} to ${max}`
      : min !== undefined
        ? `a number ≥ ${min}`
        : `a number ≤ ${max}`;
  }
  if ('schema' in matcher) return 'a value valid for its schema';
  if ('bfcl' in matcher)
    return `as BFCL checks it, one of ${matcher.bfcl
      .filter((value) => value !== '')
      .map(show)
      .join(', ')}`;
  return 'any value';
}

/**
 * Why an argument does not satisfy its matcher, or undefined when it does. `present` says
 * whether the model gave the argument at all (`value` may be null).
 */
export function matchArgument(
  matcher: ArgumentMatcher,
  present: boolean,
  value: unknown,
  checker: SchemaChecker,
  /** Paths below the argument whose whole number was written as `5.0` (BFCL's check reads them as floats). */
  floats: ReadonlySet<string> = new Set(),
): string | undefined {
  if ('absent' in matcher) return present ? `should not be given, got ${show(value)}` : undefined;
  if (!present) return matcher.optional ? undefined : `is missing (expected ${describeMatcher(matcher)})`;
  if ('bfcl' in matcher) return checkBfclArgument(matcher, value, floats);
  const mismatch = `is ${show(value)}, expected ${describeMatcher(matcher)}`;
  if ('equals' in matcher) return sameValue(value, matcher.equals) ? undefined : mismatch;
  if ('oneOf' in matcher) return matcher.oneOf.some((each) => sameValue(value, each)) ? undefined : mismatch;
  if ('regex' in matcher) {
    if (typeof value !== 'string') return mismatch;
    try {
      return compileSafeRegExp(matcher.regex, matcher.flags).test(value) ? undefined : mismatch;
    } catch (error) {
      return `cannot be checked: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  if ('range' in matcher) {
    const { min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY } = matcher.range;
    return typeof value === 'number' && value >= min && value <= max ? undefined : mismatch;
  }
  if ('schema' in matcher) {
    const problems = checker.checkValue(matcher.schema, value);
    return problems.length === 0
      ? undefined
      : `is ${show(value)}: ${problems.map((problem) => problemToSentence(problem, 'it')).join('; ')}`;
  }
  return undefined;
}
