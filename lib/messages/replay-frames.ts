import type { UIMessage } from 'ai';
import { isToolUIPart } from '../shapes/tool-parts';
import { splitSteps } from './split-steps';

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
      if (parts.some(isToolUIPart)) {
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
