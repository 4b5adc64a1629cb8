import type { UIMessage } from 'ai';
import { parseStepId } from '../shapes/step-id';
import type { StepSample } from '../shapes/step-samples';
import { splitSteps } from './split-steps';

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
  const id = parseStepId(stepId);
  const index = messages.findIndex((message) => message.id === id?.messageId && message.role === 'assistant');
  if (!id || index === -1) return undefined;
  const steps = splitSteps(messages[index]);
  const { step } = id;
  if (step > steps.length) return undefined;
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
