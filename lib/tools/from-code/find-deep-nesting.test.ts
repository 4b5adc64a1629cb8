import { describe, expect, it } from 'vitest';
import { findDeepNesting } from './find-deep-nesting';

const nestedType = (depth: number) => `function f(a: ${'{ a: '.repeat(depth)}string${' }'.repeat(depth)}) {}\n`;

describe('findDeepNesting', () => {
  it('lets ordinary code through in every language', () => {
    expect(findDeepNesting(nestedType(20), 'typescript')).toBeUndefined();
    expect(findDeepNesting('const t = tool({ inputSchema: z.object({ a: z.string() }) });', 'zod')).toBeUndefined();
    expect(
      findDeepNesting(
        'class A(BaseModel):\n    x: int\n\n    def f(self):\n        return [1, (2, {3: 4})]\n',
        'pydantic',
      ),
    ).toBeUndefined();
  });

  it('names the line and column where TypeScript first goes too deep', () => {
    const code = `// a comment {{{{\n${nestedType(3000)}`;
    const problem = findDeepNesting(code, 'typescript');
    expect(problem).toMatchObject({ line: 2 });
    // The paren is level 1; the first "{" (column 15) level 2; each "{ a: " is 5 columns: level 129 is the 128th brace.
    expect(problem?.column).toBe(15 + 127 * 5);
    expect(problem?.message).toMatch(
      /^The code nests deeper than 128 levels here: a tool's schema may nest at most 64 levels/,
    );
  });

  it('does not count brackets in strings, comments or template text, but counts template holes', () => {
    const noise = `const s = "((((((((((", t = '[[[[[[[[', u = \`{{{{{ \${ 1 } }}}}\`; /* ((((( */\n`;
    expect(findDeepNesting(noise.repeat(50), 'typescript', 2)).toBeUndefined();
    expect(findDeepNesting('const t = `${`${`${1}`}`}`;', 'typescript', 2)).toMatchObject({ line: 1 });
    expect(findDeepNesting('x = "((((" + \'[[[[\' + """{{{{\n{{{{"""  # ((((\n', 'python', 1)).toBeUndefined();
  });

  it('counts Python blocks by indentation, and brackets inside them', () => {
    const blocks = Array.from({ length: 200 }, (_, level) => `${' '.repeat(level)}if x:\n`).join('');
    expect(findDeepNesting(blocks, 'python')).toMatchObject({ line: 130, column: 130 });
    const brackets = `x = ${'['.repeat(3000)}${']'.repeat(3000)}\n`;
    expect(findDeepNesting(brackets, 'pydantic')).toMatchObject({ line: 1, column: 5 + 128 });
  });

  it('is linear: a 1 MB paste is measured at once', () => {
    const big = '{'.repeat(100).concat('}'.repeat(100)).repeat(5000);
    expect(findDeepNesting(big, 'typescript')).toBeUndefined();
  });
});
