import { describe, expect, it } from 'vitest';
import type { StepSample } from '../../shapes/step-samples';
import { compareChoices, compareValues, describeDifference } from './sample-comparison';
import { choiceChartRows } from './sampling-chart';
import { proportionDifference, wilsonInterval } from './proportions';

/*
 * A variant against the step as sent (Newcombe differences, row by row), and the chart's rows
 * (Wilson intervals, one bar per set) — on samples made by hand, so each row's counts are known.
 */
const calls = (n: number, toolName: string, input: unknown = {}): StepSample => ({
  n,
  calls: [{ toolName, input }],
  text: '',
  ms: 1,
});
const text = (n: number): StepSample => ({ n, calls: [], text: 'An answer.', ms: 1 });
const failed = (n: number): StepSample => ({ n, calls: [], text: '', error: 'rate limited', ms: 1 });

// As sent: read_file 3 of 4, text 1. The variant: read_file 1 of 4, search 2, an error 1.
const asSent = [
  calls(1, 'read_file', { path: 'a' }),
  calls(2, 'read_file', { path: 'a' }),
  calls(3, 'read_file', { path: 'b' }),
  text(4),
];
const variant = [calls(1, 'read_file', { path: 'a' }), calls(2, 'search'), calls(3, 'search'), failed(4)];

describe('a variant against the step as sent', () => {
  it('gives each choice of either set its counts before and after, and the difference with its interval', () => {
    const rows = compareChoices(asSent, variant);
    expect(rows.map((row) => [row.key, row.label, row.before, row.after])).toEqual([
      ['read_file', 'read_file', { count: 3, n: 4 }, { count: 1, n: 4 }],
      ['(text)', 'no tool (text)', { count: 1, n: 4 }, { count: 0, n: 4 }],
      ['search', 'search', { count: 0, n: 4 }, { count: 2, n: 4 }],
      ['(error)', 'provider error', { count: 0, n: 4 }, { count: 1, n: 4 }],
    ]);
    for (const row of rows) expect(row).toMatchObject(proportionDifference(row.before, row.after));
    expect(rows[0].difference).toBeCloseTo(-0.5, 10);
  });

  it('gives each value of each argument as a share of that tool’s calls', () => {
    const rows = compareValues(asSent, variant, [
      { name: 'read_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      { name: 'search', inputSchema: { type: 'object', properties: {} } },
    ]);
    expect(rows.map((row) => [row.key, row.label, row.before, row.after])).toEqual([
      ['read_file.path=x:a', 'read_file path = "a"', { count: 2, n: 3 }, { count: 1, n: 1 }],
      ['read_file.path=x:b', 'read_file path = "b"', { count: 1, n: 3 }, { count: 0, n: 1 }],
    ]);
  });

  it('says a difference in percentage points, signed, with its interval', () => {
    const row = compareChoices(asSent, variant)[0];
    const pp = (value: number) => Math.abs(Math.round(value * 100));
    expect(describeDifference(row)).toBe(
      `read_file 3/4 → 1/4, −50 pp [−${pp(row.low)}, ${row.high > 0 ? '+' : '−'}${pp(row.high)}]`,
    );
    const same = compareChoices(asSent, asSent)[0];
    expect(describeDifference(same)).toMatch(/^read_file 3\/4 → 3\/4, ±0 pp \[−\d+, \+\d+\]$/);
  });
});

describe('the chart of tool choices', () => {
  it('a row per choice in the first set’s order then the rest’s, a bar per set, the model’s probability on the first', () => {
    const rows = choiceChartRows([{ samples: asSent }, { samples: variant }, { samples: [] }], {
      read_file: 0.7,
      nothing: 0.1,
    });
    expect(rows.map((row) => row.key)).toEqual(['read_file', '(text)', 'search', '(error)']);
    expect(rows[0].values).toEqual([
      { count: 3, n: 4, share: 0.75, interval: wilsonInterval(3, 4), probability: 0.7 },
      { count: 1, n: 4, share: 0.25, interval: wilsonInterval(1, 4) },
      { count: 0, n: 0, share: 0, interval: wilsonInterval(0, 0) },
    ]);
    expect(rows[2].values[0]).toEqual({ count: 0, n: 4, share: 0, interval: wilsonInterval(0, 4) });
    expect(rows[1].label).toBe('no tool (text)');
    expect(choiceChartRows([{ samples: asSent }]).every((row) => row.values[0].probability === undefined)).toBe(true);
  });
});
