import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { growth } from '@/testing/linear-time';
import { findJsonNesting, findYamlNesting, lineColumnAt } from './text-nesting';

describe('findJsonNesting', () => {
  it('names the line and column where JSON text goes too deep, before any parser', () => {
    expect(findJsonNesting(`{"a":\n  ${'['.repeat(100_000)}`, 64)).toEqual({
      message: 'it nests deeper than 64 levels at line 2, column 66',
      line: 2,
      column: 66,
    });
    expect(findJsonNesting('{"a": "[[[[[[[[[[[[[[[["}', 4)).toBeUndefined();
  });
});

describe('findYamlNesting', () => {
  it('counts flow brackets, blocks and compact sequences, with line and column', () => {
    expect(findYamlNesting(`tests:\n  - vars: ${'['.repeat(100_000)}`, 64)?.message).toBe(
      'it nests deeper than 64 levels at line 2, column 74',
    );
    expect(findYamlNesting(`${'- '.repeat(1_000)}a`, 64)?.line).toBe(1);
    const stairs = Array.from({ length: 100 }, (_, depth) => `${' '.repeat(depth)}k${depth}:`).join('\n');
    expect(findYamlNesting(stairs, 64)?.line).toBe(66);
  });

  it('reads quotes, comments and block scalars as text', () => {
    const honest = [
      'prompts:',
      "  - 'It''s [[[[[[ not nested {{ var }}'",
      '  - "quoted [[[[[[[ \\" still text"',
      '  - |',
      ...Array.from({ length: 80 }, (_, depth) => `    ${' '.repeat(depth)}code level ${depth} [`),
      'tests: # a comment [[[[[[[[[[[[[[[',
      '  - vars: { a: [1, [2, [3]]] }',
    ].join('\n');
    expect(() => parse(honest)).not.toThrow();
    expect(findYamlNesting(honest, 8)).toBeUndefined();
  });

  it('finds no problem in honest configs, and takes linear time on a run of blank lines', () => {
    expect(findYamlNesting('a:\n  b:\n    c: [1, {d: 2}]\n', 64)).toBeUndefined();
    const blankLines = (size: number) => `a:${'\n'.repeat(size)}  b: 1`;
    expect(growth((text: string) => findYamlNesting(text), blankLines(1_000_000), blankLines(4_000_000))).toBeLessThan(
      10,
    );
  });
});

describe('lineColumnAt', () => {
  it('is 1-based', () => {
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumnAt('ab', 0)).toEqual({ line: 1, column: 1 });
  });
});
