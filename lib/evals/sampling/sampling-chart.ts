import type { StepSample } from '../../shapes/step-samples';
import { choiceBars } from './step-distribution';
import { wilsonInterval } from './proportions';

/*
 * Step samples as a chart reads them: one row per choice (a tool, text, invalid arguments, an
 * error), one bar per set of samples on the same axis (the step as sent, then each variant), each
 * with its share and 95 % Wilson interval — and, where the model's own probability of the choice
 * is known (a model in the browser), that probability as a marker on the bar.
 */

/** One set of samples' bar in a row: count of n, share, interval; `probability`: the model's own, if known. */
export type ChartValue = { count: number; n: number; share: number; interval: [number, number]; probability?: number };

/** One choice, with a value per series (undefined where that set of samples has none of it and n is 0). */
export type ChartRow = { key: string; label: string; values: ChartValue[] };

/** The rows of the tool-choice chart for several sets of samples, in the first set's order, then the rest's. */
export function choiceChartRows(
  series: readonly { samples: readonly StepSample[] }[],
  probabilities?: Readonly<Record<string, number>>,
): ChartRow[] {
  const bars = series.map((each) => choiceBars(each.samples));
  const order: { key: string; label: string }[] = [];
  for (const list of bars)
    for (const bar of list)
      if (!order.some((row) => row.key === bar.key)) order.push({ key: bar.key, label: bar.label });
  return order.map(({ key, label }) => ({
    key,
    label,
    values: series.map((each, index) => {
      const found = bars[index].find((bar) => bar.key === key);
      const n = each.samples.length;
      const count = found?.count ?? 0;
      return {
        count,
        n,
        share: n === 0 ? 0 : count / n,
        interval: found?.interval ?? wilsonInterval(0, n),
        ...(index === 0 && probabilities && Object.hasOwn(probabilities, key)
          ? { probability: probabilities[key] }
          : {}),
      };
    }),
  }));
}
