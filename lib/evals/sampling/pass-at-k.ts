/*
 * "Does it work?" and "does it work every time?" from n tries of which c passed, with the
 * unbiased estimators (Chen et al. 2021 for pass@k; τ-bench's pass^k): the chance that at least
 * one of k tries drawn from the n passes, and that all k do. Written as products, so no
 * binomial coefficient is ever formed (n up to thousands stays exact to a few ulps).
 */

/** pass@k = 1 − C(n−c, k) / C(n, k). */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  if (n - c < k) return 1;
  let allFail = 1;
  for (let index = 0; index < k; index++) allFail *= (n - c - index) / (n - index);
  return 1 - allFail;
}

/** pass^k = C(c, k) / C(n, k). */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  if (c < k) return 0;
  let allPass = 1;
  for (let index = 0; index < k; index++) allPass *= (c - index) / (n - index);
  return allPass;
}

function checkCounts(n: number, c: number, k: number): void {
  if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k) && 0 <= c && c <= n && 1 <= k && k <= n))
    throw new RangeError(`pass@k needs whole numbers 0 ≤ c ≤ n and 1 ≤ k ≤ n (got n=${n}, c=${c}, k=${k}).`);
}

/** pass@k and pass^k for every k from 1 to n. */
export function passCurves(n: number, c: number): { k: number; passAt: number; passHat: number }[] {
  return Array.from({ length: n }, (_, index) => ({
    k: index + 1,
    passAt: passAtK(n, c, index + 1),
    passHat: passHatK(n, c, index + 1),
  }));
}
