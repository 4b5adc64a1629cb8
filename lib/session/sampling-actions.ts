import type { StepExpectation, StepSample, StepSamples, StepSampling } from '../shapes/step-samples';
import { type Added, clipToLimit, SESSION_LIMITS } from '../shapes/session-limits';
import { newId } from '../shapes/new-id';
import type { SessionData } from './session-schema';

type SamplingState = Pick<SessionData, 'stepSamples'>;
type SetState = (update: (state: SamplingState) => Partial<SamplingState>) => void;
type GetState = () => SamplingState & { readOnly: boolean };

export type SamplingActions = {
  /**
   * A new set of samples of a step (its own request, or a variant's): one with the same change
   * is replaced; refused past the step's bound of sets.
   */
  startSampling(stepId: string, sampling: Omit<StepSampling, 'id' | 'samples'>): Added;
  /** A sample of a set, its texts clipped; past the set's or the session's bound it is not kept. */
  addStepSample(stepId: string, samplingId: string, sample: StepSample): void;
  removeSampling(stepId: string, samplingId: string): void;
  /** What is right for the step (`Expect this`), or nothing. */
  setStepExpectation(stepId: string, expect: StepExpectation | undefined): void;
};

const sameChange = (a: StepSampling['change'], b: StepSampling['change']) => JSON.stringify(a) === JSON.stringify(b);

export const countSamples = (steps: Readonly<Record<string, StepSamples>>) =>
  Object.values(steps).reduce(
    (sum, step) => sum + step.samplings.reduce((within, sampling) => within + sampling.samples.length, 0),
    0,
  );

function boundSample(sample: StepSample): StepSample {
  return {
    ...sample,
    calls: sample.calls.slice(0, SESSION_LIMITS.sampleCallsEach).map((call) => ({
      ...call,
      toolName: call.toolName.slice(0, SESSION_LIMITS.mcpToolNameChars),
      ...(call.problem === undefined ? {} : { problem: clipToLimit(call.problem, SESSION_LIMITS.sampleErrorChars) }),
    })),
    text: clipToLimit(sample.text, SESSION_LIMITS.sampleTextChars),
    ...(sample.error === undefined ? {} : { error: clipToLimit(sample.error, SESSION_LIMITS.sampleErrorChars) }),
  };
}

/** The session's sampling actions (see lib/evals/CONTEXT.md), bounded as the session schema reads them back. */
export function createSamplingActions(set: SetState, get: GetState): SamplingActions {
  const updateStep = (stepId: string, change: (step: StepSamples) => StepSamples | undefined) =>
    set((state) => {
      const { [stepId]: current, ...rest } = state.stepSamples;
      const next = change(current ?? { samplings: [] });
      return { stepSamples: next && (next.samplings.length > 0 || next.expect) ? { ...rest, [stepId]: next } : rest };
    });
  return {
    startSampling: (stepId, sampling) => {
      if (get().readOnly)
        return {
          ok: false,
          message: 'A shared session is read-only: press "Fork to edit" to make it yours, then sample.',
        };
      const step = get().stepSamples[stepId] ?? { samplings: [] };
      const replaced = step.samplings.find((each) => sameChange(each.change, sampling.change));
      if (!replaced && step.samplings.length >= SESSION_LIMITS.stepSamplings)
        return {
          ok: false,
          message: `A step keeps at most ${SESSION_LIMITS.stepSamplings} sets of samples: remove one to sample another.`,
        };
      const id = `sampling-${newId()}`;
      updateStep(stepId, (current) => ({
        ...current,
        samplings: replaced
          ? current.samplings.map((each) => (each.id === replaced.id ? { ...sampling, id, samples: [] } : each))
          : [...current.samplings, { ...sampling, id, samples: [] }],
      }));
      return { ok: true, id };
    },
    addStepSample: (stepId, samplingId, sample) => {
      if (countSamples(get().stepSamples) >= SESSION_LIMITS.sessionSamples) return;
      updateStep(stepId, (current) => ({
        ...current,
        samplings: current.samplings.map((each) =>
          each.id === samplingId && each.samples.length < SESSION_LIMITS.stepSamples
            ? { ...each, samples: [...each.samples, boundSample(sample)].sort((a, b) => a.n - b.n) }
            : each,
        ),
      }));
    },
    removeSampling: (stepId, samplingId) =>
      updateStep(stepId, (current) => ({
        ...current,
        samplings: current.samplings.filter((each) => each.id !== samplingId),
      })),
    setStepExpectation: (stepId, expect) =>
      updateStep(stepId, (current) => {
        const { expect: _old, ...rest } = current;
        return expect ? { ...rest, expect } : rest;
      }),
  };
}
