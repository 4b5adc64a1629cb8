import type { UIMessage } from 'ai';
import { isToolUIPart } from '../shapes/tool-parts';
import { stepIdOf } from '../shapes/step-id';
import { splitSteps } from './split-steps';

/**
 * The model step that read a call's result: the step after the one that made the call (the
 * loop goes on in the same assistant message). Undefined while there is no such step yet.
 */
export function stepAfterCall(messages: readonly UIMessage[], toolCallId: string): string | undefined {
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const steps = splitSteps(message);
    const at = steps.findIndex((parts) => parts.some((part) => isToolUIPart(part) && part.toolCallId === toolCallId));
    if (at === -1) continue;
    return at + 1 < steps.length ? stepIdOf(message.id, at + 2) : undefined;
  }
  return undefined;
}
