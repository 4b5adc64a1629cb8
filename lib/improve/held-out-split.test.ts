import { describe, expect, it } from 'vitest';
import { splitHeldOut } from './held-out-split';

const cases = Array.from({ length: 40 }, (_, index) => ({ id: `case-${index}` }));
const id = (item: { id: string }) => item.id;

describe('the held-out split', () => {
  it('puts every case on exactly one side, about as asked', () => {
    const { proposal, heldOut } = splitHeldOut(cases, id, { seed: 7 });
    expect([...proposal, ...heldOut].map(id).sort()).toEqual(cases.map(id).sort());
    expect(proposal.filter((item) => heldOut.includes(item))).toEqual([]);
    expect(heldOut.length).toBeGreaterThan(10);
    expect(heldOut.length).toBeLessThan(30);
  });

  it('is the same whatever the order, and adding a case moves no other', () => {
    const a = splitHeldOut(cases, id, { seed: 7 });
    const b = splitHeldOut([...cases].reverse(), id, { seed: 7 });
    expect(b.heldOut.map(id).sort()).toEqual(a.heldOut.map(id).sort());
    const more = splitHeldOut([...cases, { id: 'case-new' }], id, { seed: 7 });
    expect(
      more.heldOut
        .map(id)
        .filter((key) => key !== 'case-new')
        .sort(),
    ).toEqual(a.heldOut.map(id).sort());
    expect(splitHeldOut(cases, id, { seed: 8 }).heldOut.map(id).sort()).not.toEqual(a.heldOut.map(id).sort());
  });

  it('leaves neither side empty when there are two cases or more', () => {
    for (let seed = 0; seed < 50; seed++) {
      const two = splitHeldOut(cases.slice(0, 2), id, { seed });
      expect([two.proposal.length, two.heldOut.length]).toEqual([1, 1]);
    }
    expect(splitHeldOut(cases, id, { seed: 1, heldOutShare: 0 }).heldOut).toHaveLength(1);
    expect(splitHeldOut(cases, id, { seed: 1, heldOutShare: 1 }).proposal).toHaveLength(1);
    expect(
      splitHeldOut(cases.slice(0, 1), id, { seed: 1 }).proposal.length +
        splitHeldOut(cases.slice(0, 1), id, { seed: 1 }).heldOut.length,
    ).toBe(1);
  });
});
