import { describe, expect, it } from 'vitest';
import { seededRandom } from '../providers/simulated/sample-choices';
import { judgeRewrite, type PassCount } from './accept-rewrite';

const NO_CHANGE = { compat: { before: {}, after: {} }, tokens: { before: 100, after: 100 } };
const BOUND = { maxExtraTokens: 50 };

/**
 * One measurement on held-out cases: each case has its own pass probability (drawn once per
 * trial, between 0.15 and 0.55 — cases differ), each is run `repeats` times before and after
 * the rewrite; the rewrite adds `lift` to every case's probability.
 */
function measure(random: () => number, { cases, repeats, lift }: { cases: number; repeats: number; lift: number }) {
  const before: PassCount = { count: 0, n: 0 };
  const after: PassCount = { count: 0, n: 0 };
  for (let index = 0; index < cases; index++) {
    const p = 0.15 + 0.4 * random();
    for (let run = 0; run < repeats; run++) {
      before.n += 1;
      after.n += 1;
      if (random() < p) before.count += 1;
      if (random() < p + lift) after.count += 1;
    }
  }
  return { before, after };
}

/** How many of `trials` seeded measurements the rule accepts. */
function accepted(trials: number, lift: number, seed: number) {
  const random = seededRandom(seed);
  let count = 0;
  for (let trial = 0; trial < trials; trial++) {
    const { before, after } = measure(random, { cases: 10, repeats: 10, lift });
    if (judgeRewrite({ before, after, ...NO_CHANGE }, BOUND).verdict === 'better') count += 1;
  }
  return count;
}

describe('the acceptance rule, on seeded simulated measurements (10 held-out cases × 10 repeats)', () => {
  // Method: Monte Carlo over 100 seeded trials per condition; the rule is Newcombe's interval
  // (method 10) on the pooled runs. Deterministic: the same seeds give the same counts.
  it('a rewrite that truly raises the pass rate by 30 points is accepted in at least 95 of 100 trials', () => {
    for (const seed of [1, 2, 3]) expect(accepted(100, 0.3, seed)).toBeGreaterThanOrEqual(95);
  });

  it('a rewrite that changes nothing is accepted in at most 5 of 100 trials', () => {
    for (const seed of [4, 5, 6]) expect(accepted(100, 0, seed)).toBeLessThanOrEqual(5);
  });

  it('a rewrite that lowers the pass rate is never accepted', () => {
    expect(accepted(100, -0.2, 7)).toBe(0);
  });

  it('says why a clear gain is still not better: a target that got worse, or too many tokens', () => {
    const gain = { before: { count: 20, n: 100 }, after: { count: 70, n: 100 } };
    expect(judgeRewrite({ ...gain, ...NO_CHANGE }, BOUND)).toMatchObject({ verdict: 'better', reasons: [] });
    const worse = judgeRewrite(
      {
        ...gain,
        compat: {
          before: { gemini: 'accepts', 'openai-chat': 'rewrites' },
          after: { gemini: 'rejects', 'openai-chat': 'accepts' },
        },
        tokens: { before: 100, after: 100 },
      },
      BOUND,
    );
    expect(worse).toMatchObject({ verdict: 'not shown to help', reasons: ['gemini: accepts → rejects'] });
    const costly = judgeRewrite(
      { ...gain, compat: { before: {}, after: {} }, tokens: { before: 100, after: 151 } },
      BOUND,
    );
    expect(costly.reasons).toEqual(['the definition costs 51 more tokens (100 → 151; the bound is 50)']);
  });

  it('puts the numbers in its sentence when the interval reaches 0, and refuses an empty measurement', () => {
    const close = judgeRewrite({ before: { count: 4, n: 10 }, after: { count: 6, n: 10 }, ...NO_CHANGE }, BOUND);
    expect(close.verdict).toBe('not shown to help');
    expect(close.reasons[0]).toMatch(
      /^the pass rate went 4\/10 → 6\/10 \(\+20 pp, 95 % interval −\d+ pp to \+\d+ pp\)/,
    );
    expect(
      judgeRewrite({ before: { count: 0, n: 0 }, after: { count: 0, n: 0 }, ...NO_CHANGE }, BOUND).reasons,
    ).toEqual(['nothing was measured on held-out cases']);
  });
});
