import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BfclConversionError, type Converted, convertJavaValue, convertJsValue } from './bfcl-convert';

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
