import type { UIMessage } from 'ai';
import { isToolUIPart } from '../shapes/tool-parts';
import { splitSteps } from './split-steps';

/** The frames a step gives: its calls as made (when it has any), then with their results. */
const framesOfStep = (parts: UIMessage['parts']) => (parts.some(isToolUIPart) ? 2 : 1);

/**
 * How many frames `replayFrames` cuts, without cutting them (each frame copies the messages
 * before it: a 2,000-call run's frames are megabytes, for a count).
 */
export function replayFrameCount(messages: readonly UIMessage[]): number {
  let count = 0;
  for (const message of messages) {
    if (message.role !== 'assistant') count += 1;
    else for (const parts of splitSteps(message)) count += framesOfStep(parts);
  }
  return count;
}

/**
 * The run as it unfolded, one frame per moment worth seeing: each user message, then for
 * each model step its calls as made (no results yet), then with their results. The last
 * frame is the whole conversation.
 */
export function replayFrames(messages: readonly UIMessage[]): UIMessage[][] {
  const frames: UIMessage[][] = [];
  messages.forEach((message, index) => {
    const before = messages.slice(0, index);
    if (message.role !== 'assistant') {
      frames.push([...before, message]);
      return;
    }
    const steps = splitSteps(message);
    let shown: UIMessage['parts'] = [];
    steps.forEach((parts) => {
      const started = [...shown, { type: 'step-start' as const }];
      if (framesOfStep(parts) === 2) {
        const pending = parts.map((part) =>
          isToolUIPart(part)
            ? ({
                ...part,
                state: 'input-available',
                output: undefined,
                errorText: undefined,
              } as UIMessage['parts'][number])
            : part,
        );
        frames.push([...before, { ...message, parts: [...started, ...pending] }]);
      }
      shown = [...started, ...parts];
      frames.push([...before, { ...message, parts: shown }]);
    });
  });
  return frames;
}
