'use client';

import { samplingLabel } from '@/lib/evals/sampling/sampling-view';
import { passCurves } from '@/lib/evals/sampling/pass-at-k';
import { perturbationOutcomes } from '@/lib/what-if/perturbation-outcomes';
import { compareChoices, compareValues, describeDifference } from '@/lib/evals/sampling/sample-comparison';
import {
  argumentDistributions,
  type ChoiceBar,
  choiceBars,
  type DistributionTool,
  parallelBars,
  sampleFigures,
} from '@/lib/evals/sampling/step-distribution';
import type { PerturbedCallRecord } from '@/lib/shapes/replay';
import type { StepSample, StepSampling } from '@/lib/shapes/step-samples';
import { choiceChartRows } from '@/lib/evals/sampling/sampling-chart';
import { ChoiceChart } from './choice-chart';
import { PassCurveChart } from './pass-curve-chart';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A bar per choice, its count, share and 95 % interval in words (screen readers read the text). */
function Bars({ label, bars, hidden = false }: { label: string; bars: ChoiceBar[]; hidden?: boolean }) {
  return (
    <ul aria-label={label} className={hidden ? 'sr-only' : 'flex flex-col gap-0.5'}>
      {bars.map((bar) => (
        <li key={bar.key} className="flex flex-col text-xs">
          <span className="flex items-baseline gap-2">
            <span className="min-w-0 truncate font-mono" title={bar.label}>
              {bar.label}
            </span>
            <span className="ml-auto shrink-0 tabular-nums">
              {bar.count}/{bar.n} · {percent(bar.n === 0 ? 0 : bar.count / bar.n)}{' '}
              <span className="muted">
                [{percent(bar.interval[0])}–{percent(bar.interval[1])}]
              </span>
            </span>
          </span>
          <span className="relative h-2 w-full rounded bg-[var(--border)]" aria-hidden="true">
            <span
              className="absolute top-0 h-2 rounded bg-[var(--accent)] opacity-30"
              style={{ left: percent(bar.interval[0]), width: percent(bar.interval[1] - bar.interval[0]) }}
            />
            <span
              className="absolute top-0 left-0 h-2 rounded bg-[var(--accent)]"
              style={{ width: percent(bar.n === 0 ? 0 : bar.count / bar.n) }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}

const clipValue = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

function Arguments({ samples, tools }: { samples: readonly StepSample[]; tools: readonly DistributionTool[] }) {
  const all = argumentDistributions(samples, tools);
  if (all.length === 0) return null;
  // An argument no call gave is one line, not a table of "missing".
  const given = all.filter((each) => each.rows.some((row) => !row.missing));
  const never = all.filter((each) => !given.includes(each)).map((each) => `${each.tool}.${each.argument}`);
  return (
    <div className="flex flex-col gap-1">
      <h5 className="text-xs font-semibold">Argument values</h5>
      {never.length > 0 ? <p className="muted text-xs">Never given: {never.join(', ')}</p> : null}
      {given.map((each) => (
        <table key={`${each.tool}.${each.argument}`} aria-label={`${each.tool} ${each.argument}`} className="text-xs">
          <caption className="text-left font-mono">
            {each.tool} · {each.argument}
            {each.inSchema ? '' : ' (not in the schema)'}
          </caption>
          <tbody>
            {each.rows.map((row) => (
              <tr key={row.key}>
                <td className={`font-mono ${row.missing ? 'muted' : ''}`} title={row.spellings.join('\n') || undefined}>
                  {clipValue(row.label)}
                  {row.spellings.length > 1 ? <span className="muted"> ({row.spellings.length} spellings)</span> : null}
                </td>
                <td className="pl-2 text-right tabular-nums">
                  {row.count}/{each.calls}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

function Figures({ sampling }: { sampling: StepSampling }) {
  const { ms, tokens, cost } = sampleFigures(sampling.samples, sampling.provider, sampling.model);
  return (
    <p className="muted text-xs">
      {ms ? `Time: median ${Math.round(ms.median)} ms, p95 ${Math.round(ms.p95)} ms` : 'No timings'}
      {tokens ? ` · tokens: median ${Math.round(tokens.median)}, p95 ${tokens.p95}` : ''}
      {cost === undefined
        ? ' · cost unknown for this model'
        : ` · cost of all ${sampling.samples.length}: $${cost.toFixed(4)} (estimate)`}
    </p>
  );
}

/** pass@k and pass^k for k = 1…n from how many of n samples did what is expected: a chart, and its table. */
export function PassTable({ label, passed, n }: { label: string; passed: number; n: number }) {
  if (n === 0) return null;
  return (
    <>
      <PassCurveChart label={label} passed={passed} n={n} />
      <PassNumbers label={label} passed={passed} n={n} />
    </>
  );
}

function PassNumbers({ label, passed, n }: { label: string; passed: number; n: number }) {
  return (
    // Scrolls on its own: focusable, so a keyboard can scroll it too.
    <div className="max-h-48 overflow-auto" tabIndex={0} role="group" aria-label={`pass@k and pass^k table: ${label}`}>
      <table aria-label={`pass@k and pass^k: ${label}`} className="text-xs tabular-nums">
        <caption className="text-left">
          {label}: {passed} of {n} samples do what is expected
        </caption>
        <thead>
          <tr>
            <th className="pr-3 text-left">k</th>
            <th className="pr-3 text-right">pass@k</th>
            <th className="text-right">pass^k</th>
          </tr>
        </thead>
        <tbody>
          {passCurves(n, passed).map((row) => (
            <tr key={row.k}>
              <td className="pr-3">{row.k}</td>
              <td className="pr-3 text-right">{row.passAt.toFixed(3)}</td>
              <td className="text-right">{row.passHat.toFixed(3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The distributions of one set of samples (its tool choice is drawn in the chart above; its numbers are here, for screen readers). */
export function SamplingView({ sampling, tools }: { sampling: StepSampling; tools: readonly DistributionTool[] }) {
  return (
    <div className="flex flex-col gap-2">
      <Bars label={`Tool choice: ${samplingLabel(sampling)}`} bars={choiceBars(sampling.samples)} hidden />
      <h5 className="text-xs font-semibold">Calls at once</h5>
      <Bars label={`Calls at once: ${samplingLabel(sampling)}`} bars={parallelBars(sampling.samples)} />
      <Arguments samples={sampling.samples} tools={tools} />
      <Figures sampling={sampling} />
    </div>
  );
}

/** A perturbation N times: each sample of the step that read the perturbed result, classed by what the model did. */
export function OutcomeView({ sampling, perturbed }: { sampling: StepSampling; perturbed: PerturbedCallRecord }) {
  const { bars, errors } = perturbationOutcomes(sampling.samples, perturbed);
  return (
    <div className="flex flex-col gap-1">
      <h5 className="text-xs font-semibold">What the model did after “{perturbed.preset}”</h5>
      <Bars label={`Outcome classes: ${samplingLabel(sampling)}`} bars={bars} />
      {errors > 0 ? <p className="muted text-xs">{errors} provider errors are not counted.</p> : null}
    </div>
  );
}

/** The step as sent against a variant: the difference in proportion per choice and per value, with its interval. */
export function ComparisonView({
  before,
  after,
  tools,
}: {
  before: StepSampling;
  after: StepSampling;
  tools: readonly DistributionTool[];
}) {
  const choices = compareChoices(before.samples, after.samples);
  // A value's share where both called the tool and it moved (a tool called on one side only is its own row above).
  const values = compareValues(before.samples, after.samples, tools).filter(
    (row) => row.before.n > 0 && row.after.n > 0 && row.before.count * row.after.n !== row.after.count * row.before.n,
  );
  return (
    <table aria-label={`${samplingLabel(after)} against ${samplingLabel(before)}`} className="text-xs">
      <caption className="text-left font-semibold">
        {samplingLabel(before)} → {samplingLabel(after)} (difference, 95 % interval)
      </caption>
      <tbody>
        {[...choices, ...values].map((row) => (
          <tr key={row.key}>
            <td className={row.low > 0 || row.high < 0 ? 'font-semibold' : ''}>{describeDifference(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every set of samples of the step on one axis: a row per choice, a bar per set (as sent first, then each variant). */
export function ToolChoiceChart({
  samplings,
  stacked = false,
  probabilities,
}: {
  samplings: readonly StepSampling[];
  stacked?: boolean;
  /** The model's own probability of each choice (a model in the browser): a diamond on the step's bars. */
  probabilities?: Readonly<Record<string, number>>;
}) {
  const ordered = [...samplings].sort((a, b) => Number(Boolean(a.change)) - Number(Boolean(b.change)));
  return (
    <div className="flex flex-col gap-1">
      <h5 className="text-xs font-semibold">Tool choice (share of samples, 95 % interval)</h5>
      <ChoiceChart
        title="Tool choice"
        series={ordered.map(samplingLabel)}
        rows={choiceChartRows(ordered, probabilities)}
        stacked={stacked}
      />
    </div>
  );
}
