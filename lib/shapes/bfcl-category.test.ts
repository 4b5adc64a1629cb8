import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BFCL_CATEGORIES, bfclCategoryOf } from './bfcl-category';

describe('BFCL categories', () => {
  it('reads the category from the id, the longest name first', () => {
    const of = (id: string) => bfclCategoryOf(id)?.name;
    expect(of('live_parallel_multiple_0-0-0')).toBe('live_parallel_multiple');
    expect(of('live_parallel_3-1-0')).toBe('live_parallel');
    expect(of('parallel_multiple_12')).toBe('parallel_multiple');
    expect(of('simple_javascript_30')).toBe('simple_javascript');
    expect(of('simple_java_97')).toBe('simple_java');
    expect(of('simple_python_0')).toBe('simple_python');
    expect(of('simple_0')).toBe('simple');
    expect(of('javascript_2')).toBe('javascript');
    expect(of('multi_turn_long_context_4')).toBe('multi_turn_long_context');
    expect(of('memory_0-customer-0')).toBe('memory');
    expect(of('my_case')).toBeUndefined();
    expect(of('simple_pythonic_0')).toBeUndefined();
  });

  it('docs/evals.md says what happens to every category', () => {
    const docs = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'evals.md'), 'utf8');
    const table = docs.slice(docs.indexOf('| category |'), docs.indexOf('| an `id` of one'));
    for (const { name } of BFCL_CATEGORIES) expect(table, name).toMatch(new RegExp(`\`${name}\``));
  });
});
