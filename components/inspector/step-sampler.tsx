'use client';

import { firstIssue } from '@/lib/limits/first-issue';
import { useEffect, useMemo, useState } from 'react';
import { decisionMarkers, stepDecisionOf } from '@/lib/evals/sampling/step-decision';
import { evalCaseSchema } from '@/lib/shapes/eval-case';
import { stepAfterCall } from '@/lib/messages/step-after-call';
import { expectationFromSample, gradeSamples } from '@/lib/evals/step-expectation';
import { toolsWithChange } from '@/lib/evals/sampling/sample-session-step';
import type { StepSample, StepSampling } from '@/lib/shapes/step-samples';
import type { DistributionTool } from '@/lib/evals/sampling/step-distribution';
import type { ToolSpec } from '@/lib/shapes/tool-spec';
import { requestToolSpecs } from '@/lib/tools/request-tool-specs';
import { useEngine, useRuntime, useSession, useToolSetCheck } from '../runtime/runtime-context';
import { SampleVariantDialog } from './sample-variant-dialog';
import {
  ComparisonView,
  OutcomeView,
  PassTable,
  SamplingView,
  samplingLabel,
  ToolChoiceChart,
} from './step-samples-view';
import { Dialog } from '../ui/dialog';
import { simulatedSamplingNote } from '@/lib/evals/sampling/simulated-limits';
import { useStepSampler } from './use-step-sampler';

const DEFAULT_SAMPLES = 10;

/** A sample in one line: its calls (name and arguments), its text, or its error. */
function describeSample(sample: StepSample): string {
  if (sample.error) return `provider error: ${sample.error}`;
  const calls = sample.calls.map(
    (call) => `${call.toolName}(${JSON.stringify(call.input ?? {})})${call.problem ? ' ✗' : ''}`,
  );
  return calls.length > 0 ? calls.join(', ') : `text: ${sample.text.slice(0, 80) || '(empty)'}`;
}

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

/**
 * `Sample this step`: the step's request sent again N times (nothing runs), and the region
 * `Step samples` — which tool the model picks, with what values, how often, against a variant,
 * and how often it does what is expected (pass@k, pass^k).
 */
export function StepSampler({ stepId }: { stepId: string }) {
  const runtime = useRuntime();
  const engine = useEngine();
  const readOnly = useSession((state) => state.readOnly);
  const step = useSession((state) => state.stepSamples[stepId]);
  const evals = useSession((state) => state.evals);
  const removeSampling = useSession((state) => state.removeSampling);
  // On a `Perturb result` branch, the step that read the perturbed result: its samples are classed by outcome.
  const perturbed = useSession((state) => {
    const record = state.replays[state.activeBranch.id]?.perturbed;
    return record && stepAfterCall(state.messages, record.toolCallId) === stepId ? record : undefined;
  });
  const { runnable } = useToolSetCheck();
  const { progress, problem, sample, stop } = useStepSampler(stepId);
  const [count, setCount] = useState(DEFAULT_SAMPLES);
  const [wide, setWide] = useState(false);
  const settings = useSession((state) => state.settings);
  const keylessNote = simulatedSamplingNote({
    provider: settings.provider,
    temperature: settings.temperature,
    question: 'as-sent',
  });
  const running = progress?.running === true;
  // The model in the browser costs nothing per sample: enough of them to test its probabilities.
  const maxSamples = settings.provider === 'browser' ? 200 : 50;
  const specs = useMemo(() => requestToolSpecs(runnable), [runnable]);
  // A step the model in the browser made: its own probability of each choice, marked on the bars.
  const messages = useSession((state) => state.messages);
  const markers = useMemo(() => {
    const decision = stepDecisionOf(messages, stepId);
    return decision ? decisionMarkers(decision) : undefined;
  }, [messages, stepId]);
  // Grading needs the schema checker: loaded when there is something to grade.
  useEffect(() => {
    if (step?.expect && !engine) void runtime.loadEngine().catch(() => undefined);
  }, [step?.expect, engine, runtime]);
  // A mock answers the same whatever spelling it is given: only its values are grouped loosely.
  const loose = useMemo(
    () => new Set(runnable.filter((tool) => tool.run.kind === 'mock').map((tool) => tool.spec.name)),
    [runnable],
  );
  const toolsOf = (sampling: StepSampling): (ToolSpec & DistributionTool)[] => {
    const changed = engine ? toolsWithChange(specs, sampling.change, { evals, checker: engine.checker }) : undefined;
    return (changed?.ok ? changed.tools : specs).map((spec) => ({ ...spec, looseStrings: loose.has(spec.name) }));
  };
  const passesOf = (sampling: StepSampling) =>
    step?.expect && engine
      ? gradeSamples(sampling.samples, step.expect, { tools: toolsOf(sampling), checker: engine.checker })
      : undefined;
  const samplings = step?.samplings ?? [];
  const own = samplings.find((each) => !each.change);
  // Each variant against the step as sent (in the region, and again in Open wide).
  const comparisons = own
    ? samplings
        .filter((each) => each.change)
        .map((variant) => <ComparisonView key={variant.id} before={own} after={variant} tools={toolsOf(own)} />)
    : null;

  return (
    <div className="flex flex-col gap-2 border-t border-[var(--border)] pt-2">
      {readOnly ? null : (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <label className="flex items-center gap-1">
            Samples
            <input
              type="number"
              className="control w-16"
              min={1}
              max={maxSamples}
              value={count}
              onChange={(event) =>
                setCount(Math.min(maxSamples, Math.max(1, Math.round(Number(event.target.value) || 1))))
              }
            />
          </label>
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
      )}
      {progress ? (
        <p role="status" className="text-xs">
          {progress.running
            ? `Sampling… ${progress.done} of ${progress.total}`
            : progress.stopped
              ? `Stopped after ${progress.done} of ${progress.total} samples.`
              : `Sampled ${progress.done} of ${progress.total}.`}
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
          {samplings.map((sampling) => {
            const passes = passesOf(sampling);
            return (
              <article key={sampling.id} aria-label={samplingLabel(sampling)} className="flex flex-col gap-1">
                <header className="flex items-center gap-2 text-xs">
                  <span className="font-semibold">{samplingLabel(sampling)}</span>
                  <span className="muted">
                    {sampling.provider} · {sampling.model}
                    {sampling.seed === undefined ? '' : ` · seed ${sampling.seed}`} · {sampling.samples.length} samples
                  </span>
                  {readOnly ? null : (
                    <button
                      type="button"
                      className="button ml-auto"
                      aria-label={`Remove samples: ${samplingLabel(sampling)}`}
                      onClick={() => removeSampling(stepId, sampling.id)}
                    >
                      Remove
                    </button>
                  )}
                </header>
                <SamplingView sampling={sampling} tools={toolsOf(sampling)} />
                {perturbed ? <OutcomeView sampling={sampling} perturbed={perturbed} /> : null}
                {passes ? (
                  <PassTable
                    label={samplingLabel(sampling)}
                    passed={passes.filter(Boolean).length}
                    n={sampling.samples.length}
                  />
                ) : null}
                <SampleList stepId={stepId} sampling={sampling} passes={passes} />
              </article>
            );
          })}
          {comparisons}
          <ExpectationEditor stepId={stepId} />
        </section>
      ) : null}
    </div>
  );
}
