/**
 * How many times longer `run` takes on `large` than on `small` (the small one's time floored at
 * 1 ms): the fastest of `rounds` timings of each, taken in turn, so that another process's load —
 * a busy CI machine, `stress-ng` beside the suite — does not decide. A linear reader on an input
 * four times the size gives about 4; a quadratic one 16.
 */
export function growth<Input>(run: (input: Input) => unknown, small: Input, large: Input, rounds = 5): number {
  const fastest = { small: Number.POSITIVE_INFINITY, large: Number.POSITIVE_INFINITY };
  const time = (input: Input) => {
    const start = performance.now();
    run(input);
    return performance.now() - start;
  };
  for (let round = 0; round < rounds; round++) {
    fastest.small = Math.min(fastest.small, time(small));
    fastest.large = Math.min(fastest.large, time(large));
  }
  return fastest.large / Math.max(fastest.small, 1);
}
