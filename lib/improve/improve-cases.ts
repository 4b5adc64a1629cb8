import type { UIMessage } from 'ai';
import type { ChatRequest } from '../agent/chat-route';
import { rebuildStepRequest } from '../agent/step-request';
import type { EvalRunDeps } from '../evals/run-eval-case';
import { sampleOnce, sampleRequest } from '../evals/sampling/sample-step';
import { describeSample } from '../evals/sampling/sampling-view';
import { gradeSamples } from '../evals/sampling/step-expectation';
import { textOf } from '../messages/split-steps';
import type { EvalCase } from '../shapes/eval-case';
import type { RunSettings } from '../shapes/run-settings';
import type { StepExpectation, StepSample, StepSamples } from '../shapes/step-samples';
import type { ToolSpec } from '../shapes/tool-spec';
import type { CaseRun } from './improve-description';

/*
 * What Improve description measures on: the session's eval cases and the sampled steps someone
 * said what is right for (`Expect this`). A step is a case whose prompt is its conversation so far:
 * it runs as one more sample of its request, with the tool being improved as the variant says.
 */

/** A step to measure on: its request made again, what is right for it, and the last thing the person said. */
export type StepCase = { kind: 'step'; key: string; stepId: string; request: ChatRequest; expect: StepExpectation };
export type ImproveCase = { kind: 'eval'; key: string; testCase: EvalCase } | StepCase;

/** What a case expects, in words, for the proposer. */
export function describeExpectation(wanted: EvalCase['expect']): string {
  if (wanted.noTool) return 'no tool called';
  if (wanted.anyCall) return 'some tool called';
  return (
    wanted.calls
      .map(
        (call) => `${call.tool} called${Object.keys(call.args).length > 0 ? ` with ${JSON.stringify(call.args)}` : ''}`,
      )
      .join(', ') || 'as the case says'
  );
}

/** The step's prompt for the proposer: the last message from the person before it. */
function lastUserText(request: ChatRequest): string {
  const user = request.messages.findLast((message) => message.role === 'user');
  return user ? textOf(user.parts as UIMessage['parts']).slice(0, 2_000) : '(the conversation so far)';
}

/** A case as the proposer reads it: what it asks, what is expected. */
export function describeImproveCase(each: ImproveCase): { prompt: string; expected: string } {
  return each.kind === 'eval'
    ? { prompt: each.testCase.prompt, expected: describeExpectation(each.testCase.expect) }
    : { prompt: lastUserText(each.request), expected: describeExpectation(each.expect) };
}

/**
 * The steps of the conversation with an expectation, each with its request made again as it was
 * sent (the tools and settings as they are now must be those it was sent with); a step that
 * cannot be made again is left out with a sentence.
 */
export function expectedSteps({
  messages,
  stepSamples,
  tools,
  settings,
  sentValues,
}: {
  messages: readonly UIMessage[];
  stepSamples: Readonly<Record<string, StepSamples>>;
  tools: ToolSpec[];
  settings: RunSettings;
  sentValues?: Readonly<Record<string, unknown>>;
}): { steps: StepCase[]; notes: string[] } {
  const steps: StepCase[] = [];
  const notes: string[] = [];
  for (const [stepId, samples] of Object.entries(stepSamples)) {
    if (!samples.expect) continue;
    const rebuilt = rebuildStepRequest({ messages, stepId, tools, settings, sentValues });
    if (rebuilt.ok)
      steps.push({ kind: 'step', key: `step ${stepId}`, stepId, request: rebuilt.request, expect: samples.expect });
    else if (messages.some((message) => stepId.startsWith(`${message.id}:`)))
      notes.push(`A step you expect something of is left out: ${rebuilt.message}`);
  }
  return { steps, notes };
}

/** The step's request with the tool as the variant has it (its description, its parameters' descriptions). */
const withTool = (request: ChatRequest, tool: ToolSpec): ChatRequest => ({
  ...request,
  tools: request.tools.map((each) =>
    each.name === tool.name ? { ...each, description: tool.description, inputSchema: tool.inputSchema } : each,
  ),
});

/**
 * A step run once with the tool as given: one more sample of its request (the simulated model and
 * the model in the browser draw repeat n from the step's seed + n), graded against what is right
 * for it. A provider that could not be asked is an `error`; a request the route refuses throws its
 * sentence (nothing else would get further).
 */
export async function runStepCase(
  tool: ToolSpec,
  step: StepCase,
  repeat: number,
  deps: Pick<EvalRunDeps, 'fetch' | 'api' | 'getHeaders' | 'checker'>,
  signal: AbortSignal,
): Promise<CaseRun> {
  const request = withTool(step.request, tool);
  const { provider, baseURL, seed } = request.settings;
  const seeded = provider === 'simulated' || provider === 'browser';
  const sample = await sampleOnce(
    sampleRequest(request, repeat + 1, seeded ? (seed ?? 0) : undefined),
    repeat + 1,
    {
      fetch: deps.fetch ?? fetch,
      api: deps.api,
      headers: deps.getHeaders?.(provider, baseURL) ?? {},
      checker: deps.checker,
    },
    signal,
  );
  if ('refused' in sample) throw new Error(sample.refused);
  if (sample.error) return { verdict: 'error', why: sample.error };
  const [passed] = gradeSamples([sample], step.expect, { tools: request.tools, checker: deps.checker });
  return passed ? { verdict: 'passed' } : { verdict: 'failed', why: `did ${describeSample(sample)}` };
}

/**
 * Which tool a step that went wrong asks to improve: the first the expectation names, or else (no
 * tool was expected) the one the failing samples called most — the description that drew them.
 */
export function toolToImprove(
  expect: StepExpectation,
  failing: readonly Pick<StepSample, 'calls'>[],
): string | undefined {
  const named = expect.calls[0]?.tool;
  if (named) return named;
  const counts = new Map<string, number>();
  for (const call of failing.flatMap((sample) => sample.calls))
    counts.set(call.toolName, (counts.get(call.toolName) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}
