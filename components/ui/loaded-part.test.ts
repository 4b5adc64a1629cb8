import { describe, expect, it } from 'vitest';
import { loadedPart } from './loaded-part';

const Part = () => null;

describe('a part loaded on demand', () => {
  it('is loaded once however often it is asked for, and is there once loaded', async () => {
    let loads = 0;
    const part = loadedPart(async () => {
      loads++;
      return Part;
    });
    expect(part.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([part.ask(), part.ask()]);
    expect(first).toBe(Part);
    expect(second).toBe(Part);
    expect(part.loaded()).toBe(Part);
    await part.ask();
    expect(loads).toBe(1);
  });

  it('a failed load says why and is tried again on the next ask', async () => {
    let loads = 0;
    const part = loadedPart(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk failed to load');
      return Part;
    });
    await expect(part.ask()).rejects.toThrow('chunk failed to load');
    expect(part.loaded()).toBeUndefined();
    await expect(part.ask()).resolves.toBe(Part);
    expect(loads).toBe(2);
  });
});
