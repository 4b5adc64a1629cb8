/**
 * Pearson's chi-square goodness-of-fit test: do `observed` counts fit the `probabilities`?
 * Categories expected fewer than 5 times are pooled into one (the test's usual condition); the
 * p-value is the chi-square distribution's upper tail, P(X ≥ statistic), with k − 1 degrees of
 * freedom (the regularised upper incomplete gamma function, by series or continued fraction).
 */
export function chiSquareGoodnessOfFit(
  observed: readonly number[],
  probabilities: readonly number[],
): { statistic: number; degreesOfFreedom: number; pValue: number } {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const bins: { observed: number; expected: number }[] = [];
  const pooled = { observed: 0, expected: 0 };
  observed.forEach((count, index) => {
    const expected = total * probabilities[index];
    if (expected < 5) {
      pooled.observed += count;
      pooled.expected += expected;
    } else bins.push({ observed: count, expected });
  });
  if (pooled.expected > 0 || pooled.observed > 0) bins.push(pooled);
  const statistic = bins.reduce((sum, bin) => sum + (bin.observed - bin.expected) ** 2 / bin.expected, 0);
  const degreesOfFreedom = bins.length - 1;
  return { statistic, degreesOfFreedom, pValue: upperGammaRegularized(degreesOfFreedom / 2, statistic / 2) };
}

function logGamma(x: number): number {
  const c = [
    76.18009172947146, -86.50532032941678, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2,
    -0.5395239384953e-5,
  ];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let series = 1.000000000190015;
  for (const coefficient of c) series += coefficient / ++y;
  return -tmp + Math.log((2.5066282746310007 * series) / x);
}

/** Q(a, x) = Γ(a, x) / Γ(a). */
function upperGammaRegularized(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}
