/** lz-string's URI-safe alphabet: each character carries 6 bits. */
const URI_SAFE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const BASE_VALUES = new Map([...URI_SAFE_ALPHABET].map((char, index) => [char, index]));

export type LzMeasure = { kind: 'fits'; chars: number } | { kind: 'too-large' } | { kind: 'damaged' };

/**
 * How many characters `decompressFromEncodedURIComponent(input)` would produce, found by
 * walking lz-string's code stream while tracking only the length of each dictionary entry —
 * no string is built. Stops as soon as the output would pass `maxChars`, so a link crafted to
 * inflate to gigabytes (a decompression bomb) is refused after reading a few kilobytes.
 */
export function measureLzOutput(encoded: string, maxChars: number): LzMeasure {
  const input = encoded.replace(/ /g, '+');
  let value = BASE_VALUES.get(input.charAt(0)) ?? 0;
  let position = 32;
  let index = 1;
  const readBits = (count: number): number => {
    let bits = 0;
    for (let power = 1; power !== 2 ** count; power *= 2) {
      const bit = value & position;
      position >>= 1;
      if (position === 0) {
        position = 32;
        value = BASE_VALUES.get(input.charAt(index++)) ?? 0;
      }
      if (bit > 0) bits += power;
    }
    return bits;
  };

  // Entry lengths by dictionary code; codes 0-2 are markers, not entries.
  const lengths: number[] = [0, 0, 0];
  const first = readBits(2);
  if (first === 2) return { kind: 'fits', chars: 0 };
  if (first > 2) return { kind: 'damaged' };
  readBits(first === 0 ? 8 : 16);
  lengths[3] = 1;
  let previous = 1;
  let total = 1;
  let enlargeIn = 4;
  let dictSize = 4;
  let numBits = 3;
  for (;;) {
    if (index > input.length) return { kind: 'damaged' };
    let code = readBits(numBits);
    if (code === 2) return { kind: 'fits', chars: total };
    if (code === 0 || code === 1) {
      readBits(code === 0 ? 8 : 16);
      lengths[dictSize++] = 1;
      code = dictSize - 1;
      enlargeIn--;
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: number;
    if (code < dictSize && lengths[code] > 0) entry = lengths[code];
    else if (code === dictSize) entry = previous + 1;
    else return { kind: 'damaged' };
    total += entry;
    if (total > maxChars) return { kind: 'too-large' };
    lengths[dictSize++] = previous + 1;
    enlargeIn--;
    previous = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
