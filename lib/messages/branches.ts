import type { UIMessage } from 'ai';
import { isToolUIPart } from '../shapes/tool-parts';
import { splitSteps } from './split-steps';

/** A branch of the conversation that is not the active one. */
export type Branch = { id: string; label: string; messages: UIMessage[] };

/** How many leading messages two branches share (the same message ids). */
export function sharedPrefixLength(a: readonly UIMessage[], b: readonly UIMessage[]): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length].id === b[length].id) length += 1;
  return length;
}

/** Forking at a user message: everything before it; the edited text is sent as a new message. */
export function messagesBeforeMessage(messages: readonly UIMessage[], messageId: string): UIMessage[] | undefined {
  const index = messages.findIndex((message) => message.id === messageId && message.role === 'user');
  return index === -1 ? undefined : messages.slice(0, index);
}

/**
 * Forking at a tool result: the conversation up to the step that made the call, that step
 * kept whole with this call's result replaced, as a new assistant message (its own id, so
 * the branches can be told apart). Sending it continues the run from there.
 */
export function messagesWithEditedResult(
  messages: readonly UIMessage[],
  toolCallId: string,
  output: unknown,
  newMessageId: string,
): UIMessage[] | undefined {
  const index = messages.findIndex(
    (message) =>
      message.role === 'assistant' &&
      message.parts.some((part) => isToolUIPart(part) && part.toolCallId === toolCallId),
  );
  if (index === -1) return undefined;
  const steps = splitSteps(messages[index]);
  const stepIndex = steps.findIndex((parts) =>
    parts.some((part) => isToolUIPart(part) && part.toolCallId === toolCallId),
  );
  const parts = steps
    .slice(0, stepIndex + 1)
    .flatMap((stepParts) => [
      { type: 'step-start' as const },
      ...stepParts.filter((part) => part.type !== 'data-retry'),
    ]);
  const edited = parts.map((part) =>
    isToolUIPart(part) && part.toolCallId === toolCallId
      ? ({ ...part, state: 'output-available', output, errorText: undefined } as UIMessage['parts'][number])
      : structuredClone(part),
  );
  return [...messages.slice(0, index), { ...messages[index], id: newMessageId, parts: edited }];
}

/** A result as the person types it: JSON when it parses, the text itself otherwise. */
export function parseEditedResult(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
