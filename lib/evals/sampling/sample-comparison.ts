import type { StepSample } from '../../shapes/step-samples';
import { proportionDifference } from './proportions';
import { argumentDistributions, choiceBars, type DistributionTool } from './step-distribution';

/** One row of a comparison: how often before and after, and the difference with its 95 % interval. */
export type ComparedRow = {
  key: string;
  label: string;
  before: { count: number; n: number };
  after: { count: number; n: number };
  difference: number;
  low: number;
  high: number;
};

const row = (key: string, label: string, before: ComparedRow['before'], after: ComparedRow['after']): ComparedRow => ({
  key,
  label,
  before,
  after,
  ...proportionDifference(before, after),
});

/** Each choice (tool, text, invalid, error) in either set of samples, before and after. */
export function compareChoices(before: readonly StepSample[], after: readonly StepSample[]): ComparedRow[] {
  const was = choiceBars(before);
  const is = choiceBars(after);
  const keys = [...new Set([...was.map((bar) => bar.key), ...is.map((bar) => bar.key)])];
  return keys.map((key) => {
    const a = was.find((bar) => bar.key === key);
    const b = is.find((bar) => bar.key === key);
    return row(
      key,
      (a ?? b)?.label ?? key,
      { count: a?.count ?? 0, n: before.length },
      { count: b?.count ?? 0, n: after.length },
    );
  });
}

/** Each value of each argument, before and after, as a share of that tool's calls. */
export function compareValues(
  before: readonly StepSample[],
  after: readonly StepSample[],
  tools: readonly DistributionTool[],
): ComparedRow[] {
  const was = argumentDistributions(before, tools);
  const is = argumentDistributions(after, tools);
  const rows: ComparedRow[] = [];
  const arguments_ = new Set([...was, ...is].map((each) => `${each.tool}\u0000${each.argument}`));
  for (const pair of arguments_) {
    const [tool, argument] = pair.split('\u0000');
    const a = was.find((each) => each.tool === tool && each.argument === argument);
    const b = is.find((each) => each.tool === tool && each.argument === argument);
    const keys = [...new Set([...(a?.rows ?? []), ...(b?.rows ?? [])].map((each) => each.key))];
    for (const key of keys) {
      const ra = a?.rows.find((each) => each.key === key);
      const rb = b?.rows.find((each) => each.key === key);
      rows.push(
        row(
          `${tool}.${argument}=${key}`,
          `${tool} ${argument} = ${(ra ?? rb)?.label}`,
          { count: ra?.count ?? 0, n: a?.calls ?? 0 },
          { count: rb?.count ?? 0, n: b?.calls ?? 0 },
        ),
      );
    }
  }
  return rows;
}

/** "picks read_file 9/10 → 4/10, −50 pp [−75, −8]" */
export function describeDifference(compared: ComparedRow): string {
  const pp = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(Math.round(value * 100))}`;
  return `${compared.label} ${compared.before.count}/${compared.before.n} → ${compared.after.count}/${compared.after.n}, ${pp(compared.difference)} pp [${pp(compared.low)}, ${pp(compared.high)}]`;
}
