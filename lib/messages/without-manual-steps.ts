import type { UIMessage } from 'ai';

/**
 * The conversation as the model is sent it: without the steps a person made by hand with `Try
 * this tool` (their note and the call it ran). Those are drawn in the conversation and on the
 * graph for the person, but they are a trial of the tool, not part of the run: a model that saw
 * them would answer differently than it does in the run being built.
 */
export function withoutManualSteps<T extends UIMessage>(messages: readonly T[]): T[] {
  return messages.filter((message) => !isManualStep(message));
}

/** Whether a message was made by `Try this tool` (its metadata says `manual: true`). */
export function isManualStep(message: Pick<UIMessage, 'metadata'>): boolean {
  return (message.metadata as { manual?: unknown } | undefined)?.manual === true;
}
