import { sampledBadge } from './sampled-badge';
import { describe, expect, it } from 'vitest';
import type { StepSample } from '../../shapes/step-samples';
import { passAtK, passCurves, passHatK } from './pass-at-k';
import { proportionDifference, wilsonInterval } from './proportions';
import {
  argumentDistributions,
  choiceBars,
  medianAndP95,
  parallelBars,
  sampleFigures,
  valueKey,
} from './step-distribution';

/** The estimators straight from their definitions, with exact binomial coefficients (BigInt). */
function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let index = 1; index <= k; index++) result = (result * BigInt(n - k + index)) / BigInt(index);
  return result;
}
const ratio = (top: bigint, bottom: bigint) => {
  // Exact to well beyond 1e-12: scale, divide, then to a number.
  const scale = 10n ** 30n;
  return Number((top * scale) / bottom) / 1e30;
};
const referencePassAt = (n: number, c: number, k: number) => 1 - ratio(binomial(n - c, k), binomial(n, k));
const referencePassHat = (n: number, c: number, k: number) => ratio(binomial(c, k), binomial(n, k));

/** 20 cases (n, c): none, all, one, the usual, and large n. */
const FIXTURE: [number, number][] = [
  [1, 0],
  [1, 1],
  [2, 1],
  [5, 0],
  [5, 5],
  [5, 2],
  [10, 1],
  [10, 3],
  [10, 7],
  [10, 9],
  [20, 10],
  [20, 19],
  [30, 4],
  [50, 1],
  [50, 25],
  [50, 49],
  [100, 37],
  [200, 150],
  [500, 3],
  [1000, 999],
];

describe('pass@k and pass^k', () => {
  it.each(FIXTURE)('equal the definitions for n=%i, c=%i at every k (to 1e-9)', (n, c) => {
    for (let k = 1; k <= n; k++) {
      expect(Math.abs(passAtK(n, c, k) - referencePassAt(n, c, k))).toBeLessThan(1e-9);
      expect(Math.abs(passHatK(n, c, k) - referencePassHat(n, c, k))).toBeLessThan(1e-9);
    }
  });

  it('read as they should: pass@1 = pass^1 = c/n, pass@k grows and pass^k falls with k', () => {
    const curve = passCurves(10, 7);
    expect(curve[0]).toEqual({ k: 1, passAt: 0.7, passHat: 0.7 });
    for (let index = 1; index < curve.length; index++) {
      expect(curve[index].passAt).toBeGreaterThanOrEqual(curve[index - 1].passAt);
      expect(curve[index].passHat).toBeLessThanOrEqual(curve[index - 1].passHat);
    }
    expect(curve.at(-1)).toEqual({ k: 10, passAt: 1, passHat: 0 });
  });

  it('refuses counts that are not counts', () => {
    expect(() => passAtK(5, 6, 1)).toThrow(/0 ≤ c ≤ n/);
    expect(() => passHatK(5, 2, 0)).toThrow(/1 ≤ k ≤ n/);
    expect(() => passHatK(5, 2, 1.5)).toThrow(RangeError);
  });
});

describe('intervals', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I (score method).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('Wilson: %i of %i is [%f, %f]', (count, n, low, high) => {
    const [l, h] = wilsonInterval(count, n);
    expect(l).toBeCloseTo(low, 4);
    expect(h).toBeCloseTo(high, 4);
  });

  it("Newcombe's method 10 for a difference (his example: 56/70 − 48/80 is +0.0524 to +0.3339)", () => {
    const { difference, low, high } = proportionDifference({ count: 48, n: 80 }, { count: 56, n: 70 });
    expect(difference).toBeCloseTo(0.2, 10);
    expect(low).toBeCloseTo(0.0524, 4);
    expect(high).toBeCloseTo(0.3339, 4);
  });
});

const sample = (n: number, calls: StepSample['calls'], extra: Partial<StepSample> = {}): StepSample => ({
  n,
  calls,
  text: '',
  ms: n * 10,
  ...extra,
});

describe('the distribution of a step', () => {
  const samples: StepSample[] = [
    sample(1, [{ toolName: 'get_weather', input: { city: 'San Francisco', unit: 'celsius' } }]),
    sample(2, [{ toolName: 'get_weather', input: { city: 'san francisco' } }]),
    sample(3, [{ toolName: 'get_weather', input: { city: 'San-Francisco', days: 3 } }]),
    sample(4, [
      { toolName: 'get_weather', input: { city: 'Oslo', days: 3.0 } },
      { toolName: 'get_time', input: { zone: 'Europe/Oslo' } },
    ]),
    sample(5, []),
    sample(6, [{ toolName: 'get_weather', input: {}, problem: '"city" is required' }]),
    sample(7, [], { error: 'OpenAI answered 500' }),
  ];
  const tools = [
    {
      name: 'get_weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } } },
      // A mock: nothing it does tells "San Francisco" from "san_francisco".
      looseStrings: true,
    },
  ];

  it('counts each choice of the samples with its interval: tools first, then text, invalid, errors', () => {
    expect(choiceBars(samples).map((bar) => [bar.label, bar.count, bar.n])).toEqual([
      ['get_weather', 4, 7],
      ['get_time', 1, 7],
      ['no tool (text)', 1, 7],
      ['invalid arguments', 1, 7],
      ['provider error', 1, 7],
    ]);
    expect(parallelBars(samples).map((bar) => [bar.label, bar.count, bar.n])).toEqual([
      ['0 calls', 1, 6],
      ['1 call', 4, 6],
      ['2 calls', 1, 6],
    ]);
  });

  it("groups values as BFCL's grader does, says what was missing and what the schema does not have", () => {
    const weather = argumentDistributions(samples, tools).filter((each) => each.tool === 'get_weather');
    const city = weather.find((each) => each.argument === 'city');
    expect(city?.rows.map((row) => [row.label, row.count, row.spellings.length])).toEqual([
      ['"San Francisco"', 3, 3],
      ['"Oslo"', 1, 1],
      ['missing', 1, 0],
    ]);
    const days = weather.find((each) => each.argument === 'days');
    expect(days?.inSchema).toBe(false);
    expect(days?.rows.map((row) => [row.label, row.count])).toEqual([
      ['3', 2],
      ['missing', 3],
    ]);
    expect(weather.map((each) => each.argument)).toEqual(['city', 'unit', 'days']);
  });

  it("keeps apart what the sandbox or the schema tells apart: a path's case, an enum's spelling", () => {
    const read = (path: string, n: number): StepSample => ({
      n,
      calls: [{ toolName: 'read_file', input: { path } }],
      text: '',
      ms: 1,
    });
    const paths = [read('README.md', 1), read('Readme.md', 2), read('readme.md', 3), read('README.md', 4)];
    const sandboxTool = {
      name: 'read_file',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    };
    const [path] = argumentDistributions(paths, [sandboxTool]);
    expect(path.rows.map((row) => [row.label, row.count])).toEqual([
      ['"README.md"', 2],
      ['"readme.md"', 1],
      ['"Readme.md"', 1],
    ]);
    // A mock groups them — unless its schema names exact spellings (an enum).
    expect(argumentDistributions(paths, [{ ...sandboxTool, looseStrings: true }])[0].rows).toHaveLength(1);
    const withEnum = {
      ...sandboxTool,
      looseStrings: true,
      inputSchema: { type: 'object', properties: { path: { type: 'string', enum: ['README.md', 'readme.md'] } } },
    };
    expect(argumentDistributions(paths, [withEnum])[0].rows).toHaveLength(3);
  });

  it('keys values by what they mean', () => {
    expect(valueKey('New York', true)).toBe(valueKey('new_york', true));
    expect(valueKey('New York')).not.toBe(valueKey('new_york'));
    expect(valueKey(5)).toBe(valueKey(5.0));
    expect(valueKey({ a: 1, b: [2] })).toBe(valueKey({ b: [2], a: 1 }));
    expect(valueKey('5')).not.toBe(valueKey(5));
  });

  it('takes the median and 95th percentile', () => {
    expect(medianAndP95([])).toBeUndefined();
    expect(medianAndP95([3, 1, 2])).toEqual({ median: 2, p95: 3 });
    expect(medianAndP95(Array.from({ length: 100 }, (_, index) => index + 1))).toEqual({ median: 50.5, p95: 95 });
  });
});

describe("a sampled step's line on the graph", () => {
  it('counts the samples of the step as sent, and the variants beside them', () => {
    const twenty = Array.from({ length: 20 }, () => ({}));
    expect(sampledBadge([{ samples: twenty }, { change: { kind: 'settings' }, samples: twenty }])).toBe(
      '20 samples · 1 variant',
    );
    expect(sampledBadge([{ samples: [{}] }])).toBe('1 sample');
    expect(sampledBadge([])).toBe('');
  });
});

describe('the figures of a set of samples', () => {
  it('median and p95 of the time, tokens of the samples that reported them, and what they cost', () => {
    const samples: StepSample[] = [1, 2, 3, 4].map((n) => ({ n, calls: [], text: '', ms: n * 10 }));
    samples[0] = { ...samples[0], inputTokens: 1_000_000, outputTokens: 0 };
    samples[1] = { ...samples[1], inputTokens: 0, outputTokens: 1_000_000 };
    expect(sampleFigures(samples, 'openai', 'gpt-4o-mini')).toEqual({
      ms: { median: 25, p95: 40 },
      tokens: { median: 1_000_000, p95: 1_000_000 },
      cost: expect.closeTo(0.15 + 0.6, 9),
    });
    expect(sampleFigures(samples, 'simulated', 'simulated-1').cost).toBe(0);
    expect(sampleFigures(samples, 'openai', 'unknown-model').cost).toBeUndefined();
    expect(sampleFigures([], 'openai', 'gpt-4o-mini').tokens).toEqual(medianAndP95([]));
  });
});
