import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { coreToolTraits } from '../shapes/core-tool-definitions';
import { lastStepUnexpectedFinish } from '../messages/describe-finish';
import { splitSteps } from '../messages/split-steps';
import { type DecisionFailure, readDecisionFailure } from '../providers/modes/decision-failure';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import type { RunnableTool } from '../shapes/tool-spec';
import { DEFAULT_MAX_STEPS } from '../shapes/run-settings-defaults';

/** Model steps in an assistant message: each request to the model starts one. */
export function countSteps(message: UIMessage | undefined): number {
  if (message?.role !== 'assistant') return 0;
  return Math.max(1, message.parts.filter((part) => part.type === 'step-start').length);
}

function lastStepCalls(messages: readonly UIMessage[]) {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  return last.parts.slice(last.parts.findLastIndex((part) => part.type === 'step-start') + 1).filter(isToolUIPart);
}

/** Whether the last assistant message ends with tool calls that all have a result. */
export function endsWithAnsweredToolCalls(messages: readonly UIMessage[]): boolean {
  const calls = lastStepCalls(messages);
  return calls.length > 0 && calls.every((part) => part.state === 'output-available' || part.state === 'output-error');
}

/** What decides where a run stops besides the model: the step limit and the executor's flags. */
export type RunLimits = {
  maxSteps: number;
  /** throwOnToolFailure (seed 003): a failed call ends the run. */
  stopOnFailure?: boolean;
  /** How each call ended, as the executor recorded it. */
  outcomes?: Readonly<Record<string, ToolOutcomeKind>>;
  /** Whether a tool ends the run when it succeeds (seed 002 `is_terminal`); the core traits by default. */
  isTerminal?: (toolName: string) => boolean;
};

/** The limits a session's run goes by: its step limit, executor flags, outcomes and terminal tools. */
export function runLimitsOf(
  state: {
    settings: { maxSteps?: number };
    executor: { throwOnToolFailure: boolean };
    outcomes: RunLimits['outcomes'];
  },
  tools: readonly RunnableTool[],
): RunLimits {
  const terminal = new Set(tools.filter((tool) => tool.terminal).map((tool) => tool.spec.name));
  return {
    maxSteps: state.settings.maxSteps ?? DEFAULT_MAX_STEPS,
    stopOnFailure: state.executor.throwOnToolFailure,
    outcomes: state.outcomes,
    isTerminal: (toolName) => terminal.has(toolName),
  };
}

const FAILURES: ReadonlySet<ToolOutcomeKind> = new Set(['failed', 'timed-out', 'invalid-input', 'unknown-tool']);
const coreTerminal = (toolName: string) => coreToolTraits(toolName).endsRun;

/** Whether a terminal tool (`submit`) ran successfully in the last step: the run is over. */
export function endedByTerminalTool(messages: readonly UIMessage[], limits: RunLimits): string | undefined {
  const isTerminal = limits.isTerminal ?? coreTerminal;
  const call = lastStepCalls(messages).find(
    (part) => isTerminal(getToolName(part)) && part.state === 'output-available',
  );
  return call ? getToolName(call) : undefined;
}

/** The text-mode decision failure the last step ended in (seed 003), if it did. */
export function lastStepDecisionFailure(messages: readonly UIMessage[]): DecisionFailure | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return undefined;
  const steps = splitSteps(last);
  return steps.length > 0 ? readDecisionFailure(steps[steps.length - 1]) : undefined;
}

/** The first call of the last step the person stopped while it ran. */
function stoppedCall(messages: readonly UIMessage[], limits: RunLimits): string | undefined {
  const call = lastStepCalls(messages).find((part) => limits.outcomes?.[part.toolCallId] === 'stopped');
  return call ? getToolName(call) : undefined;
}

/** The first call of the last step that failed, when a failure ends the run. */
function failedCall(messages: readonly UIMessage[], limits: RunLimits): string | undefined {
  if (!limits.stopOnFailure) return undefined;
  const call = lastStepCalls(messages).find((part) => {
    const kind = limits.outcomes?.[part.toolCallId];
    return kind !== undefined && FAILURES.has(kind);
  });
  return call ? getToolName(call) : undefined;
}

/** Tool calls of the last step waiting for a person's result (a manual tool): unanswered and not executing. */
export function unansweredToolCalls(messages: readonly UIMessage[], running: readonly string[] = []): string[] {
  return lastStepCalls(messages)
    .filter((part) => part.state === 'input-available' && !running.includes(part.toolCallId))
    .map((part) => getToolName(part));
}

/** Whether the loop should send the tool results back for another step. */
export function shouldContinueRun(messages: readonly UIMessage[], limits: RunLimits): boolean {
  return (
    endsWithAnsweredToolCalls(messages) &&
    !endedByTerminalTool(messages, limits) &&
    !failedCall(messages, limits) &&
    !stoppedCall(messages, limits) &&
    !lastStepDecisionFailure(messages) &&
    // A step cut at the token limit or stopped by a filter is not taken further (its calls may be cut too).
    !lastStepUnexpectedFinish(messages) &&
    countSteps(messages.at(-1)) < limits.maxSteps
  );
}

/** Why a finished run stopped where it did, when that is not a plain final answer. */
export function describeRunEnd(messages: readonly UIMessage[], limits: RunLimits): string | undefined {
  const { maxSteps } = limits;
  const early = lastStepUnexpectedFinish(messages);
  if (early) return early.sentence;
  const decision = lastStepDecisionFailure(messages);
  if (decision) {
    return `Failed: ${decision.reason.replace(/^The model's/, "the model's")} Send again, or choose another tool-calling mode or model.`;
  }
  const terminal = endsWithAnsweredToolCalls(messages) ? endedByTerminalTool(messages, limits) : undefined;
  if (terminal) return `Finished: the model called \`${terminal}\`, which ends the run.`;
  const stopped = endsWithAnsweredToolCalls(messages) ? stoppedCall(messages, limits) : undefined;
  if (stopped) return `Stopped: you stopped the run while \`${stopped}\` was running. Send a message to go on.`;
  const failed = endsWithAnsweredToolCalls(messages) ? failedCall(messages, limits) : undefined;
  if (failed) {
    return `Stopped: \`${failed}\` failed and "Stop the run when a tool fails" is on (throwOnToolFailure). Its error is kept; send again to let the model react to it.`;
  }
  if (endsWithAnsweredToolCalls(messages) && countSteps(messages.at(-1)) >= maxSteps) {
    return `Stopped at the step limit (${maxSteps} ${maxSteps === 1 ? 'step' : 'steps'}) before a final answer. Raise Max steps to let the model go on.`;
  }
  return undefined;
}
