import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './proportions';
import { userTurnDistribution } from './user-turn-distribution';

describe('userTurnDistribution', () => {
  it('groups equal answers (trimmed), most said first, ties in the order first said, with Wilson intervals', () => {
    const rows = userTurnDistribution([
      { n: 1, text: 'My order is #W1.' },
      { n: 2, text: 'Cancel it.' },
      { n: 3, text: ' My order is #W1. ' },
      { n: 4, done: 'stop' },
      { n: 5, error: 'no key' },
    ]);
    expect(rows.map(({ answer, kind, count }) => [answer, kind, count])).toEqual([
      ['My order is #W1.', 'text', 2],
      ['Cancel it.', 'text', 1],
      ['Ends the conversation (says its stop phrase)', 'ended', 1],
      ['Could not be asked', 'error', 1],
    ]);
    expect(rows[0].share).toBe(0.4);
    expect(rows[0].interval).toEqual(wilsonInterval(2, 5));
  });

  it('a scripted user says the same every time: one answer, all of the samples', () => {
    const rows = userTurnDistribution(
      Array.from({ length: 10 }, (_, i) => ({ n: i + 1, text: 'The README, please.' })),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 10, share: 1 });
    expect(rows[0].interval[1]).toBeCloseTo(1, 9);
    expect(rows[0].interval[0]).toBeCloseTo(0.722, 3);
  });

  it('a text that reads like an end is still a text: kinds are kept apart', () => {
    const rows = userTurnDistribution([
      { n: 1, text: 'Could not be asked' },
      { n: 2, error: 'boom' },
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['text', 'error']);
  });

  it('no samples, no rows', () => {
    expect(userTurnDistribution([])).toEqual([]);
  });
});
