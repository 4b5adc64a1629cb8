import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { splitSteps, textOf } from '../messages/split-steps';
import type { EvalCase } from '../shapes/eval-case';
import { SESSION_LIMITS } from '../shapes/session-limits';

/**
 * "Save as test case": a case from what the model did at one step — the user message before
 * it is the prompt, the conversation before that comes along (as text), and the step's calls
 * become the expected calls with each argument as it was (`equals`), or "no tool" when it
 * answered. Edit it to what the model should have done. Undefined when there is no user
 * message before the step.
 */
export function caseFromStep(
  messages: readonly UIMessage[],
  at: { messageId: string; step: number },
  taken: ReadonlySet<string>,
): EvalCase | undefined {
  const index = messages.findIndex((message) => message.id === at.messageId);
  if (index === -1) return undefined;
  // A user message's own node: the step is the first of the answer that follows it.
  const own = messages[index];
  const assistantIndex = own.role === 'user' ? index + 1 : index;
  const assistant = messages[assistantIndex];
  const userIndex = messages
    .slice(0, assistantIndex)
    .map((message) => message.role)
    .lastIndexOf('user');
  if (userIndex === -1) return undefined;
  const steps = assistant?.role === 'assistant' ? splitSteps(assistant) : [];
  const step = steps[(own.role === 'user' ? 1 : at.step) - 1] ?? [];
  const calls = step
    .filter(isToolUIPart)
    .slice(0, SESSION_LIMITS.evalExpectedCalls)
    .map((part) => ({
      tool: getToolName(part).slice(0, 200) || '(no name)',
      args: Object.fromEntries(
        Object.entries((part.input ?? {}) as Record<string, unknown>).map(([name, value]) => [name, { equals: value }]),
      ),
    }));
  let n = 1;
  while (taken.has(`saved-${n}`)) n++;
  const earlier = messages
    .slice(0, userIndex)
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .map((message) => ({ role: message.role as 'user' | 'assistant', text: textOf(message.parts).slice(0, 50_000) }))
    .filter((message) => message.text.trim() !== '');
  return {
    id: `saved-${n}`,
    prompt: textOf(messages[userIndex].parts).slice(0, 50_000) || '(empty message)',
    ...(earlier.length > 0 ? { messages: earlier.slice(-50) } : {}),
    expect:
      calls.length > 0
        ? { calls, order: 'any', parallel: 'allowed' }
        : { calls: [], noTool: true, order: 'any', parallel: 'allowed' },
  };
}
