import type { UIMessage } from 'ai';
import { splitSteps } from './split-steps';

/**
 * A model step that ended before the model was done (seed 002 §4.5 FinishReason, §5.1: an
 * unexpected finish is not an answer): the badge on the step, the sentence at the run's end.
 */
export type UnexpectedFinish = { reason: 'length' | 'content-filter'; badge: string; sentence: string };

const UNEXPECTED = {
  length: {
    reason: 'length',
    badge: 'cut off at max tokens',
    sentence:
      'The reply was cut off at the output token limit, so it is not an answer and a call it was writing did not run. Raise Max output tokens in Run settings (or ask for less) and send again.',
  },
  'content-filter': {
    reason: 'content-filter',
    badge: "blocked by the provider's filter",
    sentence: "The provider's content filter stopped the reply. Rephrase the request, or try another model.",
  },
} as const satisfies Record<UnexpectedFinish['reason'], UnexpectedFinish>;

/** The AI SDK finish reason of a step, from the route's `data-step` report. */
export function finishReasonOf(parts: UIMessage['parts']): string | undefined {
  const part = parts.find((candidate) => candidate.type === 'data-step') as
    | { data?: { finishReason?: string } }
    | undefined;
  return part?.data?.finishReason;
}

/** Why a step ended early, if it did. */
export function unexpectedFinish(parts: UIMessage['parts']): UnexpectedFinish | undefined {
  const reason = finishReasonOf(parts);
  return reason === 'length' || reason === 'content-filter' ? UNEXPECTED[reason] : undefined;
}

/** Why the conversation's last step ended early, if it did. */
export function lastStepUnexpectedFinish(messages: readonly UIMessage[]): UnexpectedFinish | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return undefined;
  const steps = splitSteps(last);
  return steps.length > 0 ? unexpectedFinish(steps[steps.length - 1]) : undefined;
}
