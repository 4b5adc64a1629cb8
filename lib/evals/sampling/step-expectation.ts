import type { EvalCase } from '../../shapes/eval-case';
import type { StepExpectation, StepSample } from '../../shapes/step-samples';
import type { ToolSpec } from '../../shapes/tool-spec';
import type { SchemaChecker } from '../../tools/create-schema-checker';
import { gradeRun } from '../grade-run';

/**
 * `Expect this`: what a sample did, as what is right for the step — each call with each argument
 * as it was (`equals`), in any order; or no tool at all when it answered in text. Edit it (the same
 * matchers as eval cases) to loosen it.
 */
export function expectationFromSample(sample: Pick<StepSample, 'calls'>): StepExpectation {
  if (sample.calls.length === 0) return { calls: [], noTool: true, order: 'any', parallel: 'allowed' };
  return {
    calls: sample.calls.map((call) => ({
      tool: call.toolName,
      args: Object.fromEntries(
        Object.entries(
          typeof call.input === 'object' && call.input !== null ? (call.input as Record<string, unknown>) : {},
        ).map(([name, value]) => [name, { equals: value }]),
      ),
    })),
    order: 'any',
    parallel: 'allowed',
  };
}

/** Whether each sample does what is expected of the step (graded as an eval case's first step is). */
export function gradeSamples(
  samples: readonly StepSample[],
  expect: StepExpectation,
  { tools, checker }: { tools: readonly ToolSpec[]; checker: SchemaChecker },
): boolean[] {
  const testCase: EvalCase = { id: 'step', prompt: '(the step)', expect };
  return samples.map(
    (sample) =>
      !sample.error &&
      gradeRun(
        testCase,
        {
          calls: sample.calls.map((call) => ({ toolName: call.toolName, input: call.input, step: 1 })),
          answer: sample.text,
        },
        { tools, checker },
      ).pass,
  );
}
