import { describe, expect, it } from 'vitest';
import { differingPaths } from './differing-paths';

describe('differingPaths', () => {
  it('names each changed, added and removed value by its path, in order', () => {
    const before = {
      model: 'gpt-4.1',
      tools: [
        { type: 'function', function: { name: 'a', description: 'old', parameters: { enum: ['x', 'y'] } } },
        { type: 'function', function: { name: 'b' } },
      ],
      'odd key': 1,
    };
    const after = structuredClone(before) as typeof before & { temperature?: number };
    after.tools[0].function.description = 'new';
    (after.tools[0].function.parameters as { enum: string[] }).enum[1] = 'z';
    after.tools.pop();
    after.temperature = 0.2;
    after['odd key'] = 2;
    expect(differingPaths(before, after)).toEqual([
      'tools[0].function.description',
      'tools[0].function.parameters.enum[1]',
      'tools[1]',
      '["odd key"]',
      'temperature',
    ]);
  });

  it('is empty for equal values (an undefined key is no key), and says so for a whole different value', () => {
    expect(differingPaths({ a: [1, { b: null }], c: undefined }, { a: [1, { b: null }] })).toEqual([]);
    expect(differingPaths(1, '1')).toEqual(['(the whole value)']);
    expect(differingPaths({ a: 1 }, [1])).toEqual(['(the whole value)']);
    expect(differingPaths({ a: Array.from({ length: 100 }, (_, i) => i) }, { a: [] }, 3)).toEqual([
      'a[0]',
      'a[1]',
      'a[2]',
    ]);
  });
});
