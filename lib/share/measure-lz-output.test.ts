import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { craftLzBomb } from '../../testing/craft-lz-bomb';
import { measureLzOutput } from './measure-lz-output';

describe('measuring an lz-string link before inflating it', () => {
  it('gives exactly the length lz-string inflates to, for texts of every kind', () => {
    let seed = 3;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const texts = [
      '',
      'a',
      'ab',
      'aaaa',
      JSON.stringify({ tools: [], messages: ['hello'] }),
      '😀 ünïcødé \u0000 \uffff',
    ];
    for (let round = 0; round < 60; round++) {
      const alphabet = round % 3 === 0 ? 'ab' : round % 3 === 1 ? 'abcdefghij {}":,' : 'ĀāĂăĄą😀xyz';
      texts.push(
        Array.from(
          { length: Math.floor(random() * 5000) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      );
    }
    for (const text of texts) {
      const encoded = compressToEncodedURIComponent(text);
      expect(measureLzOutput(encoded, Infinity)).toEqual({
        kind: 'fits',
        chars: decompressFromEncodedURIComponent(encoded).length,
      });
    }
  });

  it('stops at the limit: a 10 KB bomb that unpacks to 25 million characters is refused after reading a little', () => {
    const small = craftLzBomb(100);
    // n codes unpack to 1 + 2 + … + (n + 1) characters.
    expect(decompressFromEncodedURIComponent(small) === 'a'.repeat(5151)).toBe(true);
    expect(measureLzOutput(small, Infinity)).toEqual({ kind: 'fits', chars: 5151 });
    const bomb = craftLzBomb(7070);
    expect(bomb.length).toBeLessThan(16_000);
    expect(measureLzOutput(bomb, 10_000_000)).toEqual({ kind: 'too-large' });
    expect(measureLzOutput(bomb, 30_000_000)).toEqual({ kind: 'fits', chars: 25_003_056 });
  });

  it('calls a cut or corrupted stream damaged', () => {
    const encoded = compressToEncodedURIComponent('hello world, hello world, hello world');
    expect(measureLzOutput(encoded.slice(0, 5), Infinity)).toEqual({ kind: 'damaged' });
    expect(measureLzOutput('$$$$$$$$', Infinity).kind).not.toBe('fits');
  });
});
