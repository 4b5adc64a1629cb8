/** One benchmark's figures, in milliseconds. */
export type Figure = { name: string; iterations: number; medianMs: number; p95Ms: number };

/** Runs `fn` a few times to warm up, then `iterations` times, and reports median and p95. */
export async function measure(name: string, fn: () => unknown, iterations = 50): Promise<Figure> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { name, iterations, medianMs: at(0.5), p95Ms: at(0.95) };
}

/** Prints figures as an aligned table. */
export function printFigures(title: string, figures: Figure[]): void {
  const width = Math.max(...figures.map((figure) => figure.name.length));
  const lines = figures.map(
    (figure) =>
      `${figure.name.padEnd(width)}  median ${figure.medianMs.toFixed(2).padStart(8)} ms  p95 ${figure.p95Ms.toFixed(2).padStart(8)} ms  (n=${figure.iterations})`,
  );
  console.log(`\n${title}\n${lines.join('\n')}\n`);
}
