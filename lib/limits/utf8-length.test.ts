import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './utf8-length';

const encoded = (text: string) => new TextEncoder().encode(text).length;

describe('utf8ByteLength', () => {
  it.each([
    '',
    'plain ASCII',
    'café — naïve',
    '日本語のテキスト',
    'emoji 👩‍💻 and 🎉',
    'lone high \ud800 surrogate',
    'lone low \udc00 surrogate',
    'high at the end \ud83d',
    '\udc00\ud800 reversed pair',
    '\u007f\u0080\u07ff\u0800\uffff',
  ])('says what TextEncoder says for %j', (text) => {
    expect(utf8ByteLength(text)).toBe(encoded(text));
  });

  it('agrees with TextEncoder on random UTF-16, surrogates included (seeded)', () => {
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let run = 0; run < 500; run++) {
      const units = Array.from(
        { length: next() % 40 },
        () => [0x41, 0xe9, 0x65e5, 0xd83d, 0xde00, 0xdfff, 0x7ff, 0x800][next() % 8],
      );
      const text = String.fromCharCode(...units);
      expect(utf8ByteLength(text)).toBe(encoded(text));
    }
  });
});
