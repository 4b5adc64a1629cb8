/*
 * Proportions from few samples, with their uncertainty: the Wilson score interval for one
 * (good down to n = 1 and at 0 or n successes, where the normal approximation says nothing),
 * and Newcombe's hybrid score interval for the difference of two (his method 10), built from them.
 */

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/** The 95 % Wilson score interval of `count` successes in `n` ([0, 1] when n is 0). */
export function wilsonInterval(count: number, n: number, z = Z95): [low: number, high: number] {
  if (n === 0) return [0, 1];
  const p = count / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The difference `after − before` of two proportions and its 95 % interval (Newcombe 1998,
 * method 10: each side's Wilson interval, combined) — "9/10 → 4/10: −50 pp [−75, −8]".
 */
export function proportionDifference(
  before: { count: number; n: number },
  after: { count: number; n: number },
): { difference: number; low: number; high: number } {
  const p1 = before.n === 0 ? 0 : before.count / before.n;
  const p2 = after.n === 0 ? 0 : after.count / after.n;
  const [l1, u1] = wilsonInterval(before.count, before.n);
  const [l2, u2] = wilsonInterval(after.count, after.n);
  const difference = p2 - p1;
  return {
    difference,
    low: difference - Math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2),
    high: difference + Math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2),
  };
}
