import { describe, expect, it } from 'vitest';
import { differingPaths, valueAtPath } from './differing-paths';

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

describe('valueAtPath', () => {
  const value = { tools: [{ description: 'a', 'odd key': { x: [1, 2] } }], settings: { temperature: 0.5 } };
  it('reads back every path differingPaths writes', () => {
    const other = { tools: [{ description: 'b', 'odd key': { x: [1, 3] } }], settings: {} };
    const paths = differingPaths(value, other);
    expect(paths).toEqual(['tools[0].description', 'tools[0]["odd key"].x[1]', 'settings.temperature']);
    expect(paths.map((path) => valueAtPath(value, path))).toEqual([
      { found: true, value: 'a' },
      { found: true, value: 2 },
      { found: true, value: 0.5 },
    ]);
    expect(valueAtPath(other, 'settings.temperature')).toEqual({ found: false });
  });

  it('finds nothing past the end, through a wrong kind, or in a path it did not write', () => {
    expect(valueAtPath(value, 'tools[3]')).toEqual({ found: false });
    expect(valueAtPath(value, 'settings[0]')).toEqual({ found: false });
    expect(valueAtPath(value, 'tools[0]..description')).toEqual({ found: false });
    expect(valueAtPath(value, '(the whole value)')).toEqual({ found: true, value });
  });
});
