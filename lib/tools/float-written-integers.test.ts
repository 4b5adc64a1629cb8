import { describe, expect, it } from 'vitest';
import { floatWrittenIntegers } from './float-written-integers';

describe("whole numbers written as fractions, in a call's arguments text", () => {
  it('finds each by its path; plain integers, true fractions and strings are left alone', () => {
    expect(
      floatWrittenIntegers('{"n": 5.0, "m": 5, "x": 2.5, "e": 1e3, "s": "7.0", "l": [1, 2.00, {"k": -3.0}]}'),
    ).toEqual([['n'], ['e'], ['l', '1'], ['l', '2', 'k']]);
    expect(floatWrittenIntegers('{"a\\"b": 4.0}')).toEqual([['a"b']]);
  });

  it('gives none for text that is not JSON', () => {
    expect(floatWrittenIntegers('{"n": 5.0')).toEqual([]);
    expect(floatWrittenIntegers('nope')).toEqual([]);
    expect(floatWrittenIntegers('{"n": 5.0} trailing')).toEqual([]);
  });
});
