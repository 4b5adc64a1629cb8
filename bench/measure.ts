import { expect } from 'vitest';
import { budgetOf } from './budgets';

/** One benchmark's figures, in milliseconds, and the budget its median must keep (over it, the bench fails). */
export type Figure = { name: string; iterations: number; medianMs: number; p95Ms: number; budgetMs?: number };

/**
 * Runs `fn` a few times to warm up, then `iterations` times, and reports median and p95.
 * Its budget is `budgetMs` or the one `bench/budgets.ts` gives its name; `printFigures` fails
 * the bench when the median is over it, or when it has none.
 */
export async function measure(name: string, fn: () => unknown, iterations = 50, budgetMs?: number): Promise<Figure> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { name, iterations, medianMs: at(0.5), p95Ms: at(0.95), budgetMs: budgetMs ?? budgetOf(name) };
}

/** Prints figures as an aligned table, each beside its budget; a median over its budget fails the bench. */
export function printFigures(title: string, figures: Figure[]): void {
  const width = Math.max(...figures.map((figure) => figure.name.length));
  figures = figures.map((figure) => ({ ...figure, budgetMs: figure.budgetMs ?? budgetOf(figure.name) }));
  const lines = figures.map(
    (figure) =>
      `${figure.name.padEnd(width)}  median ${figure.medianMs.toFixed(2).padStart(8)} ms  p95 ${figure.p95Ms.toFixed(2).padStart(8)} ms  (n=${figure.iterations})${figure.budgetMs === undefined ? '' : `  budget ${figure.budgetMs} ms${figure.medianMs > figure.budgetMs ? '  OVER' : ''}`}`,
  );
  console.log(`\n${title}\n${lines.join('\n')}\n`);
  for (const figure of figures) {
    expect.soft(figure.budgetMs, `${title}: ${figure.name} has a budget (bench/budgets.ts)`).toBeDefined();
    if (figure.budgetMs !== undefined)
      expect.soft(figure.medianMs, `${title}: ${figure.name} (median ms)`).toBeLessThanOrEqual(figure.budgetMs);
  }
}
