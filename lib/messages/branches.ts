import type { UIMessage } from 'ai';
import { isToolUIPart } from '../shapes/tool-parts';
import { splitSteps } from './split-steps';
import type { StepSample } from '../shapes/step-samples';

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

/**
 * `Open sample N as a branch`: the conversation up to a step, and that step answered as the
 * sample answered it — its text, its calls (fresh ids, not yet run) — as a new assistant message.
 * Running the calls continues the run from there, as a fork does.
 */
export function messagesWithSample(
  messages: readonly UIMessage[],
  stepId: string,
  sample: Pick<StepSample, 'text' | 'calls'>,
  newId: () => string,
): UIMessage[] | undefined {
  const at = stepId.lastIndexOf(':step-');
  const index = messages.findIndex((message) => message.id === stepId.slice(0, at) && message.role === 'assistant');
  const step = Number(stepId.slice(at + ':step-'.length));
  if (at <= 0 || index === -1) return undefined;
  const steps = splitSteps(messages[index]);
  if (!Number.isInteger(step) || step < 1 || step > steps.length) return undefined;
  const earlier = steps
    .slice(0, step - 1)
    .flatMap((stepParts) => [{ type: 'step-start' as const }, ...stepParts.map((part) => structuredClone(part))]);
  const prefix = `call_sample_${newId()}`;
  const answered: UIMessage['parts'] = [
    { type: 'step-start' },
    ...(sample.text ? [{ type: 'text' as const, text: sample.text, state: 'done' as const }] : []),
    ...sample.calls.map(
      (call, position) =>
        ({
          type: 'dynamic-tool',
          toolName: call.toolName,
          toolCallId: `${prefix}_${position + 1}`,
          state: 'input-available',
          input: call.input,
        }) as UIMessage['parts'][number],
    ),
  ];
  return [...messages.slice(0, index), { ...messages[index], id: newId(), parts: [...earlier, ...answered] }];
}

/** A result as the person types it: JSON when it parses, the text itself otherwise. */
export function parseEditedResult(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
