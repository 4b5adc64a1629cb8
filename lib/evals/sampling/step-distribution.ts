import { canonicalJson } from '../../shapes/canonical-json';
import type { StepSample } from '../../shapes/step-samples';
import type { ToolSpec } from '../../shapes/tool-spec';
import { standardize } from '../bfcl/bfcl-standardize';
import { estimateCost } from '../model-prices';
import { wilsonInterval } from './proportions';

/*
 * What a step's samples show: which tool the model picks (with each bar's 95 % interval), how
 * many calls it makes at once, each argument's values grouped as BFCL's grader groups them, and
 * the time, tokens and cost of a sample.
 */

/** One bar: how many of the samples did this, and the 95 % interval of that share. */
export type ChoiceBar = {
  key: string;
  label: string;
  count: number;
  n: number;
  interval: [number, number];
};

export const TEXT_KEY = '(text)';
export const INVALID_KEY = '(invalid)';
export const ERROR_KEY = '(error)';

const bar = (key: string, label: string, count: number, n: number): ChoiceBar => ({
  key,
  label,
  count,
  n,
  interval: wilsonInterval(count, n),
});

/** What one sample did, as the bars count it: each tool it called well, or text, invalid arguments, an error. */
export function sampleChoices(sample: StepSample): string[] {
  if (sample.error) return [ERROR_KEY];
  if (sample.calls.length === 0) return [TEXT_KEY];
  const good = [...new Set(sample.calls.filter((call) => !call.problem).map((call) => call.toolName))];
  return sample.calls.some((call) => call.problem) ? [...good, INVALID_KEY] : good;
}

/**
 * The tool-choice histogram: each tool (the share of samples that called it — a sample with
 * parallel calls counts for each), then "no tool (text)", "invalid arguments", "provider error".
 */
export function choiceBars(samples: readonly StepSample[]): ChoiceBar[] {
  const counts = new Map<string, number>();
  for (const sample of samples) for (const key of sampleChoices(sample)) counts.set(key, (counts.get(key) ?? 0) + 1);
  const n = samples.length;
  const tools = [...counts]
    .filter(([key]) => key !== TEXT_KEY && key !== INVALID_KEY && key !== ERROR_KEY)
    .sort(([a, ca], [b, cb]) => cb - ca || a.localeCompare(b))
    .map(([key, count]) => bar(key, key, count, n));
  const others: [string, string][] = [
    [TEXT_KEY, 'no tool (text)'],
    [INVALID_KEY, 'invalid arguments'],
    [ERROR_KEY, 'provider error'],
  ];
  return [
    ...tools,
    ...others.filter(([key]) => counts.has(key)).map(([key, label]) => bar(key, label, counts.get(key) ?? 0, n)),
  ];
}

/** How many calls the answers made at once (samples that failed left out): "1 call", "2 calls", … */
export function parallelBars(samples: readonly StepSample[]): ChoiceBar[] {
  const answered = samples.filter((sample) => !sample.error);
  const counts = new Map<number, number>();
  for (const sample of answered) counts.set(sample.calls.length, (counts.get(sample.calls.length) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([calls, count]) => bar(String(calls), calls === 1 ? '1 call' : `${calls} calls`, count, answered.length));
}

/** A group of equal values: how it was written most often, and every way it was written. */
export type ValueRow = {
  key: string;
  /** The spelling seen most (JSON text); "missing" for the row of calls without the argument. */
  label: string;
  count: number;
  spellings: string[];
  missing?: boolean;
};

/** One argument of one tool across the samples' calls of it. */
export type ArgumentDistribution = {
  tool: string;
  argument: string;
  /** False: the tool's schema has no such property (the model made it up). */
  inSchema: boolean;
  /** How many calls of the tool there were. */
  calls: number;
  rows: ValueRow[];
};

/**
 * The key two values share when they do the same thing: a number as a number (5 and 5.0 alike),
 * anything but a string by its canonical JSON (object keys in order), a string exactly — or,
 * with `loose`, as BFCL's grader holds strings equal (case, spaces and ",./-_*^" ignored).
 */
export function valueKey(value: unknown, loose = false): string {
  if (typeof value === 'string') return loose ? `s:${standardize(value)}` : `x:${value}`;
  if (typeof value === 'number') return `n:${value}`;
  return `j:${canonicalJson(value)}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A tool of the step, and whether its string arguments may be grouped loosely: only where nothing
 * that runs tells "README.md" from "Readme.md" (a mock answers the same whatever it is given). A
 * sandbox path, an MCP server's argument, a handler's input are case- and space-sensitive.
 */
export type DistributionTool = Pick<ToolSpec, 'name' | 'inputSchema'> & { looseStrings?: boolean };

/** Whether the schema itself tells spellings apart: an enum, a const, a pattern or a format names exact strings. */
const schemaIsExact = (property: unknown) =>
  isRecord(property) && ['enum', 'const', 'pattern', 'format'].some((keyword) => Object.hasOwn(property, keyword));

/** Each argument's values across every call of each tool, most frequent first; "missing" last. */
export function argumentDistributions(
  samples: readonly StepSample[],
  tools: readonly DistributionTool[],
): ArgumentDistribution[] {
  const byTool = new Map<string, unknown[]>();
  for (const sample of samples)
    for (const call of sample.calls) byTool.set(call.toolName, [...(byTool.get(call.toolName) ?? []), call.input]);
  const distributions: ArgumentDistribution[] = [];
  for (const [tool, inputs] of [...byTool].sort(([a], [b]) => a.localeCompare(b))) {
    const spec = tools.find((each) => each.name === tool);
    const properties = spec?.inputSchema.properties;
    const declared = isRecord(properties) ? Object.keys(properties) : [];
    const seen = inputs.flatMap((input) => (isRecord(input) ? Object.keys(input) : []));
    for (const argument of [...new Set([...declared, ...seen])]) {
      const groups = new Map<string, { count: number; spellings: Map<string, number> }>();
      const loose =
        spec?.looseStrings === true && !schemaIsExact(isRecord(properties) ? properties[argument] : undefined);
      let missing = 0;
      for (const input of inputs) {
        if (!isRecord(input) || !Object.hasOwn(input, argument)) {
          missing++;
          continue;
        }
        const key = valueKey(input[argument], loose);
        const group = groups.get(key) ?? { count: 0, spellings: new Map<string, number>() };
        const spelling = JSON.stringify(input[argument]) ?? 'null';
        group.count++;
        group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + 1);
        groups.set(key, group);
      }
      const rows: ValueRow[] = [...groups]
        .map(([key, group]) => {
          // The most frequent spelling names the group (the first seen, among equals).
          const spellings = [...group.spellings].sort(([, ca], [, cb]) => cb - ca);
          return { key, label: spellings[0][0], count: group.count, spellings: spellings.map(([text]) => text) };
        })
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
      if (missing > 0) rows.push({ key: '(missing)', label: 'missing', count: missing, spellings: [], missing: true });
      distributions.push({ tool, argument, inSchema: declared.includes(argument), calls: inputs.length, rows });
    }
  }
  return distributions;
}

/** The median and 95th percentile (nearest rank) of some figures; undefined when there are none. */
export function medianAndP95(values: readonly number[]): { median: number; p95: number } | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, p95: rank(0.95) };
}

/** Time and tokens per sample, and what all of them cost (undefined when the model's price is unknown). */
export function sampleFigures(samples: readonly StepSample[], provider: string, model: string) {
  const inputTokens = samples.reduce((sum, sample) => sum + (sample.inputTokens ?? 0), 0);
  const outputTokens = samples.reduce((sum, sample) => sum + (sample.outputTokens ?? 0), 0);
  const tokens = samples
    .filter((sample) => sample.inputTokens !== undefined || sample.outputTokens !== undefined)
    .map((sample) => (sample.inputTokens ?? 0) + (sample.outputTokens ?? 0));
  return {
    ms: medianAndP95(samples.map((sample) => sample.ms)),
    tokens: medianAndP95(tokens),
    cost: estimateCost(provider, model, inputTokens, outputTokens),
  };
}
