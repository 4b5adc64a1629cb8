const URI_SAFE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/**
 * An lz-string stream for "a" repeated, written code by code (compressing 25 million
 * characters with lz-string itself takes minutes): a literal "a", then each code names the
 * entry about to be made — "aa", "aaa", … — so n codes unpack to about n²/2 characters.
 */
export function craftLzBomb(codes: number): string {
  let out = '';
  let value = 0;
  let position = 0;
  const write = (code: number, bits: number) => {
    for (let bit = 0; bit < bits; bit++, code >>= 1) {
      value = (value << 1) | (code & 1);
      if (position === 5) {
        out += URI_SAFE_ALPHABET[value];
        value = 0;
        position = 0;
      } else position++;
    }
  };
  write(0, 2);
  write(97, 8);
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  for (let index = 0; index < codes; index++) {
    write(dictSize++, numBits);
    if (--enlargeIn === 0) enlargeIn = 2 ** numBits++;
  }
  write(2, numBits);
  while (position !== 0) write(0, 1);
  return out;
}
