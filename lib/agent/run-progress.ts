import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { coreToolTraits } from '../tools/core-tool-definitions';
import { lastStepUnexpectedFinish } from '../messages/describe-finish';

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

/** Whether a terminal tool (`submit`) ran successfully in the last step: the run is over. */
function endedByTerminalTool(messages: readonly UIMessage[]): string | undefined {
  const call = lastStepCalls(messages).find(
    (part) => coreToolTraits(getToolName(part)).endsRun && part.state === 'output-available',
  );
  return call ? getToolName(call) : undefined;
}

/** Tool calls of the last step still waiting for a result (e.g. a manual tool). */
export function unansweredToolCalls(messages: readonly UIMessage[]): string[] {
  return lastStepCalls(messages)
    .filter((part) => part.state === 'input-available')
    .map((part) => getToolName(part));
}

/** Whether the loop should send the tool results back for another step. */
export function shouldContinueRun(messages: readonly UIMessage[], maxSteps: number): boolean {
  return (
    endsWithAnsweredToolCalls(messages) &&
    !endedByTerminalTool(messages) &&
    // A step cut at the token limit or stopped by a filter is not taken further (its calls may be cut too).
    !lastStepUnexpectedFinish(messages) &&
    countSteps(messages.at(-1)) < maxSteps
  );
}

/** Why a finished run stopped where it did, when that is not a plain final answer. */
export function describeRunEnd(messages: readonly UIMessage[], maxSteps: number): string | undefined {
  const early = lastStepUnexpectedFinish(messages);
  if (early) return early.sentence;
  const terminal = endsWithAnsweredToolCalls(messages) ? endedByTerminalTool(messages) : undefined;
  if (terminal) return `Finished: the model called \`${terminal}\`, which ends the run.`;
  if (endsWithAnsweredToolCalls(messages) && countSteps(messages.at(-1)) >= maxSteps) {
    return `Stopped at the step limit (${maxSteps} ${maxSteps === 1 ? 'step' : 'steps'}) before a final answer. Raise Max steps to let the model go on.`;
  }
  return undefined;
}
