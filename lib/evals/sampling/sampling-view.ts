import type { SessionEvals } from '../../shapes/session-evals';
import type { StepSample, StepSamples, StepSampling } from '../../shapes/step-samples';
import type { ToolSpec } from '../../shapes/tool-spec';
import type { SchemaChecker } from '../../tools/create-schema-checker';
import { toolsWithChange } from './sample-session-step';
import { gradeSamples } from './step-expectation';
import type { DistributionTool } from './step-distribution';

/*
 * What the region `Step samples` shows of one step, apart from drawing it: each set of samples with
 * its label, the line under it, the tools its variant offered, which samples did what is expected,
 * and which sets are compared with the step as sent. `step-sampler.tsx` only draws this.
 */

/** How many samples one press may ask for: the model in the browser costs nothing per sample. */
export const maxSamplesFor = (provider: string): number => (provider === 'browser' ? 200 : 50);

/** A set of samples by what it changed: `As sent`, or the variant's change in words. */
export function samplingLabel(sampling: StepSampling): string {
  const change = sampling.change;
  if (!change) return 'As sent';
  if (change.kind === 'tools') return `Variant: tool list "${change.name}"`;
  if (change.kind === 'tool')
    return `Variant: \`${change.name}\` ${change.parameters ? 'schema' : 'description'} edited`;
  return `Variant: ${change.name}`;
}

/** Who answered, with which seed, how many times. */
export const samplingMeta = (sampling: StepSampling): string =>
  `${sampling.provider} · ${sampling.model}${sampling.seed === undefined ? '' : ` · seed ${sampling.seed}`} · ${sampling.samples.length} samples`;

/** A sample in one line: its calls (name and arguments), its text, or its error. */
export function describeSample(sample: StepSample): string {
  if (sample.error) return `provider error: ${sample.error}`;
  const calls = sample.calls.map(
    (call) => `${call.toolName}(${JSON.stringify(call.input ?? {})})${call.problem ? ' ✗' : ''}`,
  );
  return calls.length > 0 ? calls.join(', ') : `text: ${sample.text.slice(0, 80) || '(empty)'}`;
}

/** Where sampling is, in the words of the status line. */
export function samplingProgressText(progress: { running: boolean; stopped?: boolean; done: number; total: number }) {
  if (progress.running) return `Sampling… ${progress.done} of ${progress.total}`;
  if (progress.stopped) return `Stopped after ${progress.done} of ${progress.total} samples.`;
  return `Sampled ${progress.done} of ${progress.total}.`;
}

export type SamplingTool = ToolSpec & DistributionTool;

export type SamplingRow = {
  sampling: StepSampling;
  label: string;
  meta: string;
  /** The tools that set was sampled with (a variant's change applied). */
  tools: SamplingTool[];
  /** Whether each sample did what is expected; none without an expectation (or before the checker loads). */
  passes?: boolean[];
  passed?: number;
};

export type SamplingViewModel = {
  rows: SamplingRow[];
  /** The step as sent, when sampled: each variant is compared with it. */
  own?: SamplingRow;
  variants: SamplingRow[];
};

/**
 * The step's samples as the region shows them. `specs`: the tools as the step sent them; `loose`:
 * tools whose string values group loosely (a mock answers the same whatever the spelling).
 */
export function samplingViewModel(
  step: StepSamples | undefined,
  {
    specs,
    loose,
    evals,
    checker,
  }: { specs: readonly ToolSpec[]; loose: ReadonlySet<string>; evals: SessionEvals; checker?: SchemaChecker },
): SamplingViewModel {
  const toolsOf = (sampling: StepSampling): SamplingTool[] => {
    const changed = checker ? toolsWithChange(specs, sampling.change, { evals, checker }) : undefined;
    return (changed?.ok ? changed.tools : specs).map((spec) => ({ ...spec, looseStrings: loose.has(spec.name) }));
  };
  const rows = (step?.samplings ?? []).map((sampling): SamplingRow => {
    const tools = toolsOf(sampling);
    const passes =
      step?.expect && checker ? gradeSamples(sampling.samples, step.expect, { tools, checker }) : undefined;
    return {
      sampling,
      label: samplingLabel(sampling),
      meta: samplingMeta(sampling),
      tools,
      passes,
      passed: passes?.filter(Boolean).length,
    };
  });
  const own = rows.find((row) => !row.sampling.change);
  return { rows, own, variants: own ? rows.filter((row) => row.sampling.change) : [] };
}
