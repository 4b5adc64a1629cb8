'use client';

import { SamplesInput } from './samples-input';
import { firstIssue } from '@/lib/limits/first-issue';
import { useEffect, useMemo, useState } from 'react';
import { decisionMarkers, stepDecisionOf } from '@/lib/evals/sampling/step-decision';
import { evalCaseSchema } from '@/lib/shapes/eval-case';
import { stepAfterCall } from '@/lib/messages/step-after-call';
import { expectationFromSample } from '@/lib/evals/sampling/step-expectation';
import type { StepSampling } from '@/lib/shapes/step-samples';
import {
  describeSample,
  maxSamplesFor,
  type SamplingRow,
  samplingProgressText,
  samplingViewModel,
} from '@/lib/evals/sampling/sampling-view';
import type { PerturbedCallRecord } from '@/lib/shapes/replay';
import { requestToolSpecs } from '@/lib/tools/request-tool-specs';
import { useEngine, useRuntime, useSession, useToolSetCheck } from '../runtime/runtime-context';
import { ImproveFromStep } from './improve-from-step';
import { SampleVariantDialog } from './sample-variant-dialog';
import { ComparisonView, OutcomeView, PassTable, SamplingView, ToolChoiceChart } from './step-samples-view';
import { Dialog } from '../ui/dialog';
import { simulatedSamplingNote } from '@/lib/evals/sampling/simulated-limits';
import { useStepSampler } from './use-step-sampler';

const DEFAULT_SAMPLES = 10;

function SampleList({
  stepId,
  sampling,
  passes,
}: {
  stepId: string;
  sampling: StepSampling;
  passes: boolean[] | undefined;
}) {
  const { openSampleAsBranch } = useRuntime();
  const setStepExpectation = useSession((state) => state.setStepExpectation);
  const readOnly = useSession((state) => state.readOnly);
  const [problem, setProblem] = useState<string>();
  return (
    <details>
      <summary className="cursor-pointer text-xs">Samples ({sampling.samples.length})</summary>
      <ol className="flex flex-col gap-1 text-xs">
        {sampling.samples.map((sample, index) => (
          <li key={sample.n} className="flex flex-col gap-0.5 border-t border-[var(--border)] pt-1">
            <span className="break-all font-mono" title={sample.text || undefined}>
              {sample.n}. {passes ? (passes[index] ? '✓ ' : '✗ ') : ''}
              {describeSample(sample)}
            </span>
            {readOnly ? null : (
              <span className="flex gap-1">
                <button
                  type="button"
                  className="button"
                  disabled={Boolean(sample.error)}
                  onClick={() => void openSampleAsBranch(stepId, sample).then(setProblem)}
                >
                  Open sample {sample.n} as a branch
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={Boolean(sample.error)}
                  onClick={() => setStepExpectation(stepId, expectationFromSample(sample))}
                  aria-label={`Expect this (sample ${sample.n})`}
                >
                  Expect this
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {problem ? (
        <p role="alert" className="text-xs text-role-error">
          {problem}
        </p>
      ) : null}
    </details>
  );
}

/** What is right for the step, editable as the case format's `expect` (the same matchers as eval cases). */
function ExpectationEditor({ stepId }: { stepId: string }) {
  const expect = useSession((state) => state.stepSamples[stepId]?.expect);
  const setStepExpectation = useSession((state) => state.setStepExpectation);
  const readOnly = useSession((state) => state.readOnly);
  const [text, setText] = useState(() => JSON.stringify(expect ?? {}, null, 2));
  const [problem, setProblem] = useState<string>();
  useEffect(() => setText(JSON.stringify(expect ?? {}, null, 2)), [expect]);
  if (!expect) return null;
  return (
    <form
      className="flex flex-col gap-1 text-xs"
      onSubmit={(event) => {
        event.preventDefault();
        try {
          const read = evalCaseSchema.shape.expect.safeParse(JSON.parse(text));
          if (!read.success) return setProblem(`Not an expectation: ${firstIssue(read.error, 'it').why}.`);
          setProblem(undefined);
          setStepExpectation(stepId, read.data);
        } catch (error) {
          setProblem(`Not JSON: ${error instanceof Error ? error.message : String(error)}`);
        }
      }}
    >
      <label htmlFor={`expect-${stepId}`} className="font-semibold">
        Expected of this step (as an eval case&apos;s &quot;expect&quot;)
      </label>
      <textarea
        id={`expect-${stepId}`}
        aria-label="Expectation"
        className="control min-h-20 font-mono"
        value={text}
        readOnly={readOnly}
        onChange={(event) => setText(event.target.value)}
      />
      {readOnly ? null : (
        <span className="flex gap-1">
          <button type="submit" className="button">
            Save expectation
          </button>
          <button type="button" className="button" onClick={() => setStepExpectation(stepId, undefined)}>
            Clear expectation
          </button>
        </span>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
    </form>
  );
}

/** `Samples` and `Sample this step` (or `Stop sampling`), a variant to sample, and the simulated model's note. */
function SampleControls({
  sampler: { progress, sample, stop },
  specs,
}: {
  sampler: ReturnType<typeof useStepSampler>;
  specs: Parameters<typeof SampleVariantDialog>[0]['tools'];
}) {
  const [count, setCount] = useState(DEFAULT_SAMPLES);
  const settings = useSession((state) => state.settings);
  const keylessNote = simulatedSamplingNote({
    provider: settings.provider,
    temperature: settings.temperature,
    question: 'as-sent',
  });
  const running = progress?.running === true;
  const maxSamples = maxSamplesFor(settings.provider);
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <SamplesInput count={count} max={maxSamples} onChange={setCount} />
      {running ? (
        <button type="button" className="button" onClick={stop}>
          Stop sampling
        </button>
      ) : (
        <button type="button" className="button" onClick={() => void sample(count)}>
          Sample this step
        </button>
      )}
      <SampleVariantDialog tools={specs} disabled={running} onSample={(change) => void sample(count, change)} />
      {keylessNote ? (
        <p role="note" className="basis-full text-role-call">
          {keylessNote}
        </p>
      ) : null}
    </div>
  );
}

/** One set of samples: who answered, its chart, its outcome classes, pass@k and the samples. */
function SamplingArticle({
  stepId,
  row,
  perturbed,
}: {
  stepId: string;
  row: SamplingRow;
  perturbed: PerturbedCallRecord | undefined;
}) {
  const readOnly = useSession((state) => state.readOnly);
  const removeSampling = useSession((state) => state.removeSampling);
  const { sampling, label } = row;
  return (
    <article aria-label={label} className="flex flex-col gap-1">
      <header className="flex items-center gap-2 text-xs">
        <span className="font-semibold">{label}</span>
        <span className="muted">{row.meta}</span>
        {readOnly ? null : (
          <button
            type="button"
            className="button ml-auto"
            aria-label={`Remove samples: ${label}`}
            onClick={() => removeSampling(stepId, sampling.id)}
          >
            Remove
          </button>
        )}
      </header>
      <SamplingView sampling={sampling} tools={row.tools} />
      {perturbed ? <OutcomeView sampling={sampling} perturbed={perturbed} /> : null}
      {row.passes ? <PassTable label={label} passed={row.passed ?? 0} n={sampling.samples.length} /> : null}
      <SampleList stepId={stepId} sampling={sampling} passes={row.passes} />
    </article>
  );
}

/** The step's samples, the tools it offered, and what the model in the browser said of each choice. */
function useStepSamplesView(stepId: string) {
  const runtime = useRuntime();
  const engine = useEngine();
  const step = useSession((state) => state.stepSamples[stepId]);
  const evals = useSession((state) => state.evals);
  const messages = useSession((state) => state.messages);
  const { runnable } = useToolSetCheck();
  const specs = useMemo(() => requestToolSpecs(runnable), [runnable]);
  // A mock answers the same whatever spelling it is given: only its values are grouped loosely.
  const loose = useMemo(
    () => new Set(runnable.filter((tool) => tool.run.kind === 'mock').map((tool) => tool.spec.name)),
    [runnable],
  );
  // Grading needs the schema checker: loaded when there is something to grade.
  useEffect(() => {
    if (step?.expect && !engine) void runtime.loadEngine().catch(() => undefined);
  }, [step?.expect, engine, runtime]);
  // A step the model in the browser made: its own probability of each choice, marked on the bars.
  const markers = useMemo(() => {
    const decision = stepDecisionOf(messages, stepId);
    return decision ? decisionMarkers(decision) : undefined;
  }, [messages, stepId]);
  const view = samplingViewModel(step, { specs, loose, evals, checker: engine?.checker });
  return { specs, markers, view };
}

/**
 * `Sample this step`: the step's request sent again N times (nothing runs), and the region
 * `Step samples` — which tool the model picks, with what values, how often, against a variant,
 * and how often it does what is expected (pass@k, pass^k). What it shows is
 * `samplingViewModel` (lib/evals/sampling/sampling-view.ts); this draws it.
 */
export function StepSampler({ stepId }: { stepId: string }) {
  const readOnly = useSession((state) => state.readOnly);
  // On a `Perturb result` branch, the step that read the perturbed result: its samples are classed by outcome.
  const perturbed = useSession((state) => {
    const record = state.replays[state.activeBranch.id]?.perturbed;
    return record && stepAfterCall(state.messages, record.toolCallId) === stepId ? record : undefined;
  });
  const sampler = useStepSampler(stepId);
  const { progress, problem } = sampler;
  const [wide, setWide] = useState(false);
  const { specs, markers, view } = useStepSamplesView(stepId);
  const samplings = view.rows.map((row) => row.sampling);
  const own = view.own;
  const expect = useSession((state) => state.stepSamples[stepId]?.expect);
  // Each variant against the step as sent (in the region, and again in Open wide).
  const comparisons = own
    ? view.variants.map((variant) => (
        <ComparisonView key={variant.sampling.id} before={own.sampling} after={variant.sampling} tools={own.tools} />
      ))
    : null;
  return (
    <div className="flex flex-col gap-2 border-t border-[var(--border)] pt-2">
      {readOnly ? null : <SampleControls sampler={sampler} specs={specs} />}
      {progress ? (
        <p role="status" className="text-xs">
          {samplingProgressText(progress)}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-xs text-role-error">
          {problem}
        </p>
      ) : null}
      {samplings.length > 0 ? (
        <section aria-label="Step samples" className="flex flex-col gap-3">
          <header className="flex items-center gap-2">
            <h4 className="text-xs font-semibold">Step samples</h4>
            <button type="button" className="button ml-auto" onClick={() => setWide(true)}>
              Open wide
            </button>
          </header>
          <ToolChoiceChart samplings={samplings} stacked probabilities={markers} />
          {wide ? (
            <Dialog
              open
              onOpenChange={setWide}
              title="Step samples, wide"
              description="Every set of samples of this step on one axis, and each variant against the step as sent."
              className="w-[min(64rem,calc(100vw-1rem))]"
            >
              <div className="flex max-h-[75vh] flex-col gap-3 overflow-auto">
                <ToolChoiceChart samplings={samplings} probabilities={markers} />
                {comparisons}
              </div>
            </Dialog>
          ) : null}
          {view.rows.map((row) => (
            <SamplingArticle key={row.sampling.id} stepId={stepId} row={row} perturbed={perturbed} />
          ))}
          {comparisons}
          <ExpectationEditor stepId={stepId} />
          <ImproveFromStep own={own} expect={expect} />
        </section>
      ) : null}
    </div>
  );
}
