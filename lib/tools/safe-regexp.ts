import { RE2JS } from 're2js';

/** The part of a regular expression the playground needs: a linear-time `test`. */
export type SafeRegExp = { test(text: string): boolean; toString(): string };

/** Longest pattern accepted from a schema or a model; RE2's program size grows with it. */
export const MAX_PATTERN_LENGTH = 4_000;

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  // Unicode and global/sticky change nothing for a boolean test on RE2, which is Unicode-aware.
  u: 0,
  g: 0,
  y: 0,
};

/**
 * Rewrites the JavaScript escapes RE2 spells differently (`\uXXXX`, `\u{X}`) to RE2's `\x{X}`,
 * leaving escaped backslashes alone.
 */
function toRe2Syntax(pattern: string): string {
  let out = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char !== '\\') {
      out += char;
      continue;
    }
    const rest = pattern.slice(index + 1);
    const braced = /^u\{([0-9a-fA-F]{1,6})\}/.exec(rest);
    const plain = /^u([0-9a-fA-F]{4})/.exec(rest);
    const unicode = braced ?? plain;
    if (unicode) {
      out += `\\x{${unicode[1]}}`;
      index += unicode[0].length;
    } else {
      out += char + (pattern[index + 1] ?? '');
      index++;
    }
  }
  return out;
}

/**
 * Compiles a regular expression from an untrusted source (a tool schema's `pattern`, a
 * model's search) with RE2, which matches in time linear in the input: no pattern can stall
 * the page or the server. Throws an Error naming the unsupported feature (lookahead,
 * backreferences) when RE2 cannot express the pattern.
 */
export function compileSafeRegExp(pattern: string, flags = ''): SafeRegExp {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new Error(`the pattern is ${pattern.length} characters long; the limit is ${MAX_PATTERN_LENGTH}`);
  }
  let bits = 0;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  try {
    const compiled = RE2JS.compile(toRe2Syntax(pattern), bits);
    // Ajv keys compiled patterns by `toString()`: each pattern must print as itself.
    return { test: (text: string) => compiled.test(text), toString: () => `/${pattern}/${flags}` };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    throw new Error(
      `the pattern ${JSON.stringify(pattern)} cannot run in the playground's linear-time regex engine (RE2: ${detail}). ` +
        'Lookahead, lookbehind and backreferences are not supported.',
    );
  }
}

/** Ajv's `code.regExp` option: every `pattern` and `patternProperties` key runs on RE2. */
export const safeRegExpEngine = Object.assign((pattern: string, flags: string) => compileSafeRegExp(pattern, flags), {
  code: 'compileSafeRegExp',
});

/**
 * Each match of a pattern in `text`, left to right, with its groups (undefined where a group took
 * no part) — `String.prototype.matchAll` on RE2, linear in the text. For patterns the playground
 * writes itself (no lookaround, no backreferences) that run on a stranger's text.
 */
export function matchAllSafe(pattern: string, text: string, flags = ''): (string | undefined)[][] {
  let bits = 0;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  const matcher = RE2JS.compile(pattern, bits).matcher(text);
  const found: (string | undefined)[][] = [];
  while (matcher.find()) {
    const groups: (string | undefined)[] = [];
    for (let group = 0; group <= matcher.groupCount(); group++) groups.push(matcher.group(group) ?? undefined);
    found.push(groups);
  }
  return found;
}

/** The first match of a pattern in `text` and its groups, or undefined — `RegExp.prototype.exec` on RE2. */
export function execSafe(pattern: string, text: string, flags = ''): (string | undefined)[] | undefined {
  let bits = 0;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  const matcher = RE2JS.compile(pattern, bits).matcher(text);
  if (!matcher.find()) return undefined;
  return Array.from({ length: matcher.groupCount() + 1 }, (_, group) => matcher.group(group) ?? undefined);
}
