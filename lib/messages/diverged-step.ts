import type { UIMessage } from 'ai';
import type { ReplayRecord } from '../shapes/replay';
import { splitSteps } from './split-steps';
import { stepIdOf } from '../shapes/step-id';

/** The replay branch's step where it parted from the recording (`Diverged here`), if it parted and the step is there. */
export function divergedStepId(messages: readonly UIMessage[], record: ReplayRecord | undefined): string | undefined {
  if (!record?.diverged) return undefined;
  const from = messages.findIndex((message) => message.id === record.fromMessageId);
  let seen = 0;
  for (const message of messages.slice(Math.max(from, 0))) {
    if (message.role !== 'assistant') continue;
    const steps = splitSteps(message).length;
    if (record.diverged.at < seen + steps) return stepIdOf(message.id, record.diverged.at - seen + 1);
    seen += steps;
  }
  return undefined;
}
