import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { growth } from '@/testing/linear-time';
import { BfclConversionError, type Converted, convertJavaValue, convertJsValue, dictEntries } from './bfcl-convert';

/** What BFCL's own converters made of each string (testing/bfcl/make-converter-fixture.py). */
type Row = { text: string; type: string; items: string | null; bfcl: unknown };
const fixture: { java: Row[]; javascript: Row[] } = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'bfcl-converters.json'), 'utf8'),
);

/** A converted value written as the fixture writes Python's: a float as `{ float: x }`, an exception as `<Name>`. */
function asFixture(convert: () => Converted): unknown {
  let converted: Converted;
  try {
    converted = convert();
  } catch (error) {
    if (error instanceof BfclConversionError) return '<NotImplementedError>';
    throw error;
  }
  const { value, floats } = converted;
  if (floats.has('')) return { float: value };
  if (Array.isArray(value)) return value.map((item, index) => (floats.has(String(index)) ? { float: item } : item));
  // A dict's values are compared by equality (2 == 2.0 in Python), so their floats are not tracked: a fraction shows it.
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        typeof item === 'number' && !Number.isInteger(item) ? { float: item } : item,
      ]),
    );
  return value;
}

describe("BFCL's Java and JavaScript converters, ported", () => {
  it.each(fixture.java)('Java $type $text', ({ text, type, items, bfcl }) => {
    expect(asFixture(() => convertJavaValue(text, type, items ?? undefined))).toEqual(bfcl);
  });
  it.each(fixture.javascript)('JavaScript $type $text', ({ text, type, items, bfcl }) => {
    expect(asFixture(() => convertJsValue(text, type, items ?? undefined))).toEqual(bfcl);
  });
});

describe('dictEntries (the scan that replaces a backtracking regular expression)', () => {
  it('finds what BFCL’s regular expression finds, on 20,000 seeded texts', () => {
    const pattern = /([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)/g;
    const alphabet = ['a', 'b', ':', ',', ' ', ' ', '\n', "'", '"'];
    let state = 7;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    for (let round = 0; round < 20_000; round++) {
      const text = Array.from(
        { length: Math.floor(next() * 24) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      const expected = [...text.matchAll(pattern)].map((found) => [found[1], found[2]]);
      expect(dictEntries(text), JSON.stringify(text)).toEqual(expected);
    }
  });

  it('reads a long stranger’s value in linear time', () => {
    const small = `a: ${', b'.repeat(50_000)}`;
    const large = `a: ${', b'.repeat(200_000)}`;
    expect(growth(dictEntries, small, large)).toBeLessThan(12);
  });
});
