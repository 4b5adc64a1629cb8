import type { CompatTargetId, CompatVerdict } from '../shapes/compat';
import { proportionDifference } from '../evals/sampling/proportions';

/** Passes out of runs on the held-out cases (each case × the sampler's repeats). */
export type PassCount = { count: number; n: number };

/** How much more context a rewrite may cost (tokens of the tool's definition), as the person set it. */
export type TokenBound = { maxExtraTokens: number };

/** What a rewrite was measured to do, against the description it would replace. */
export type RewriteMeasure = {
  before: PassCount;
  after: PassCount;
  /** The Compatibility verdict on each target, before and after (a target missing on one side is not compared). */
  compat: {
    before: Partial<Record<CompatTargetId, CompatVerdict>>;
    after: Partial<Record<CompatTargetId, CompatVerdict>>;
  };
  tokens: { before: number; after: number };
};

export type RewriteJudgement = {
  /** `better` only when every part of the rule holds; `not shown to help` otherwise (the numbers say why). */
  verdict: 'better' | 'not shown to help';
  /** after − before, as a share of runs, with its 95 % interval (Newcombe's hybrid score, method 10). */
  difference: number;
  low: number;
  high: number;
  /** Each part of the rule that did not hold, in words. */
  reasons: string[];
};

/** Worse is further along: a target that accepted and now rewrites or rejects is worse. */
const RANK: Record<CompatVerdict, number> = { accepts: 0, rewrites: 1, rejects: 2 };

const points = (share: number) => `${share >= 0 ? '+' : '−'}${Math.abs(Math.round(share * 100))} pp`;

/**
 * The acceptance rule (README "Does this change help?"): a rewrite is better only when the 95 % interval of the
 * difference in pass rate on the held-out cases lies above 0, no target's Compatibility verdict
 * gets worse, and the tool's token cost grows by no more than the person's bound. Before and after
 * are measured on the same cases, so what differs from case to case cancels out: pooling the runs
 * (as two binomial samples) makes the interval wider than it need be, never narrower.
 */
export function judgeRewrite(measure: RewriteMeasure, bound: TokenBound): RewriteJudgement {
  const { difference, low, high } = proportionDifference(measure.before, measure.after);
  const reasons: string[] = [];
  if (measure.before.n === 0 || measure.after.n === 0) reasons.push('nothing was measured on held-out cases');
  else if (!(low > 0))
    reasons.push(
      `the pass rate went ${measure.before.count}/${measure.before.n} → ${measure.after.count}/${measure.after.n} (${points(difference)}, 95 % interval ${points(low)} to ${points(high)}): the interval does not exclude 0`,
    );
  for (const [target, was] of Object.entries(measure.compat.before) as [CompatTargetId, CompatVerdict][]) {
    const is = measure.compat.after[target];
    if (is !== undefined && RANK[is] > RANK[was]) reasons.push(`${target}: ${was} → ${is}`);
  }
  const extra = measure.tokens.after - measure.tokens.before;
  if (extra > bound.maxExtraTokens)
    reasons.push(
      `the definition costs ${extra} more tokens (${measure.tokens.before} → ${measure.tokens.after}; the bound is ${bound.maxExtraTokens})`,
    );
  return { verdict: reasons.length === 0 ? 'better' : 'not shown to help', difference, low, high, reasons };
}
