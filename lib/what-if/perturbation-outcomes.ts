import type { PerturbedCallRecord } from '../shapes/replay';
import type { StepSample } from '../shapes/step-samples';
import { OUTCOME_CLASSES, sampleOutcomeClass } from './outcome-class';
import { wilsonInterval } from '../evals/sampling/proportions';
import type { ChoiceBar } from '../evals/sampling/step-distribution';

/**
 * A perturbation N times (docs/what-if.md): the samples of the step that read the perturbed
 * result, each classed by the outcome rules — a bar per class with its count, share and 95 %
 * Wilson interval (every class, so a 0 says "never, in n"). Provider errors are counted apart.
 */
export function perturbationOutcomes(
  samples: readonly Pick<StepSample, 'calls' | 'text' | 'error'>[],
  perturbed: PerturbedCallRecord,
): { bars: ChoiceBar[]; errors: number } {
  const classes = samples.map((sample) => sampleOutcomeClass(sample, perturbed.canary));
  const n = classes.filter((each) => each !== undefined).length;
  const bars = OUTCOME_CLASSES.filter(
    (outcome) => perturbed.canary !== undefined || outcome !== 'followed injection',
  ).map((outcome): ChoiceBar => {
    const count = classes.filter((each) => each === outcome).length;
    return { key: outcome, label: outcome, count, n, interval: wilsonInterval(count, n) };
  });
  return { bars, errors: samples.length - n };
}
