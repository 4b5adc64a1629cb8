import type { UIMessage } from 'ai';
import { withoutManualSteps } from './without-manual-steps';

/**
 * The conversation as it stood when a model step was requested: every message before the
 * assistant message `messageId`, and that message cut before its `step`-th step (1-based)
 * — what the run sent for that step (steps made by hand left out, as the run leaves them out).
 * Undefined when there is no such step.
 */
export function messagesBeforeStep(
  messages: readonly UIMessage[],
  messageId: string,
  step: number,
): UIMessage[] | undefined {
  const index = messages.findIndex((message) => message.id === messageId);
  if (index === -1 || messages[index].role !== 'assistant') return undefined;
  const parts: UIMessage['parts'] = [];
  let starts = 0;
  for (const part of messages[index].parts) {
    if (part.type === 'step-start' && ++starts === step) {
      return withoutManualSteps([
        ...messages.slice(0, index),
        ...(parts.length > 0 ? [{ ...messages[index], parts }] : []),
      ]);
    }
    parts.push(part);
  }
  return undefined;
}
