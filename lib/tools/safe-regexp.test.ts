import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from './create-schema-checker';
import { compileSafeRegExp } from './safe-regexp';
import { searchWorkspace } from '../agent/sandbox-tools/search-workspace';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';

/** SECURITY.md: patterns from strangers run on RE2, in linear time. */
describe('safe regular expressions', () => {
  const EVIL = '^(a+)+$';
  const ATTACK = `${'a'.repeat(40)}!`;

  it('match like JavaScript for the patterns tool schemas use', () => {
    const cases: [string, string, string, boolean][] = [
      ['^[a-zA-Z0-9_-]{1,64}$', '', 'read_file', true],
      ['^\\d{3}-\\d{4}$', '', '555-1234', true],
      ['^\\d{3}-\\d{4}$', '', '555-12345', false],
      ['\\u0041\\u{1F600}', 'u', 'A😀', true],
      ['^[a-z]+$', 'u', 'abc', true],
      ['^[0-9]+$', 'u', 'abc', false],
      ['^[\\w.+-]+@[\\w-]+\\.[\\w.]+$', '', 'a.b@c.io', true],
      ['hello', 'i', 'HeLLo world', true],
      ['^a.c$', 's', 'a\nc', true],
      ['\\/path\\-x', '', '/path-x', true],
    ];
    for (const [pattern, flags, text, expected] of cases) {
      expect(compileSafeRegExp(pattern, flags).test(text), `${pattern} on ${text}`).toBe(expected);
      expect(new RegExp(pattern, flags).test(text)).toBe(expected);
    }
  });

  // No clock here (speed lives in bench/): a backtracking engine would not finish these inputs before the test's time-out.
  it('run a catastrophic pattern in linear time', () => {
    expect(compileSafeRegExp(EVIL).test(`${'a'.repeat(100_000)}!`)).toBe(false);
  });

  it('refuse what RE2 cannot run, saying what and why', () => {
    expect(() => compileSafeRegExp('(?=a)b')).toThrow(
      /cannot run in the playground's linear-time regex engine .*Lookahead, lookbehind and backreferences are not supported/,
    );
    expect(() => compileSafeRegExp('(a)\\1')).toThrow(/backreferences/);
    expect(() => compileSafeRegExp('a'.repeat(5000))).toThrow(/the limit is 4000/);
  });

  it('back every pattern Ajv checks: values, patternProperties and the schema checker', () => {
    const checker = createSchemaChecker();
    const schema = {
      type: 'object',
      properties: { s: { type: 'string', pattern: EVIL } },
      patternProperties: { '^(x+)+$': { type: 'number' } },
    };
    expect(checker.checkValue(schema, { s: ATTACK }).map((problem) => problem.message)).toEqual([
      'must match pattern "^(a+)+$"',
    ]);
    expect(checker.checkValue(schema, { [ATTACK.replace(/a/g, 'x')]: 'not checked' })).toEqual([]);
    expect(checker.checkValue(schema, { s: 'aaaa', xxx: 'text' }).map((problem) => problem.message)).toEqual([
      'must be a number',
    ]);
    expect(checker.checkSchema({ type: 'string', pattern: '(?<=a)b' })[0]?.message).toMatch(
      /cannot run in the playground's linear-time regex engine/,
    );
  });

  it("back the search tool's regex mode", async () => {
    const sandbox = await createOfflineSandbox({ 'a.txt': `${'a'.repeat(40)}!\nabc\n` });
    const found = await searchWorkspace(sandbox, { pattern: EVIL, type: 'regex' });
    expect(found).toEqual({ ok: true, output: 'No matches.\n', matches: 0 });
    const refused = await searchWorkspace(sandbox, { pattern: '(?!a)', type: 'regex' });
    expect(refused.ok === false && refused.message).toMatch(/^Invalid regex "\(\?!a\)": the pattern .* Lookahead/);
  });
});
