import { describe, expect, it } from 'vitest';
import { createByteBudget, linkStoreMaxBytesOf } from './link-limits';

describe("the link store's byte budget", () => {
  it('a read that missed a just-stored upload still counts it: no two uploads pass the budget together', async () => {
    const budget = createByteBudget(1_000);
    let storedBytes = 0;
    const first = await budget.reserve(async () => storedBytes, 600);
    expect(first?.bytes).toBe(600);
    // A second upload reads what the store holds — slowly, from before the first is stored.
    let answerRead = () => {};
    const second = budget.reserve(
      () =>
        new Promise<number>((resolve) => {
          const stale = storedBytes;
          answerRead = () => resolve(stale);
        }),
      600,
    );
    await Promise.resolve();
    storedBytes += 600;
    // The first is stored and gives its room back — not between the second's read and its reservation.
    const released = first?.release();
    answerRead();
    expect((await second)?.bytes).toBe(400);
    await released;
    expect(await budget.reserve(async () => storedBytes + 400, 600)).toBeUndefined();
  });

  it('PLAYGROUND_LINK_STORE_MAX_BYTES is a positive whole number; anything else is the 1 GiB default', () => {
    expect(linkStoreMaxBytesOf({})).toBe(1024 ** 3);
    expect(linkStoreMaxBytesOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: '4096' })).toBe(4096);
    expect(linkStoreMaxBytesOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: '0' })).toBe(1024 ** 3);
    expect(linkStoreMaxBytesOf({ PLAYGROUND_LINK_STORE_MAX_BYTES: '1e9' })).toBe(1024 ** 3);
  });
});
