import { createUIMessageStreamResponse, type UIMessage, type UIMessageChunk } from 'ai';
import { readMessageStream } from './read-message-stream';
import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { splitSteps } from './split-steps';
import { chunksOfStep } from './step-chunks';

/** Streams the chunks as the route would (the AI SDK's own response) and reads them back with the SDK's reader. */
async function readBack(chunks: UIMessageChunk[]): Promise<UIMessage | undefined> {
  const response = createUIMessageStreamResponse({
    stream: new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  });
  return readMessageStream(response.body as ReadableStream<Uint8Array>, (error) => {
    throw error;
  });
}

describe('a recorded step streamed again', () => {
  it("reads back, through the AI SDK's own stream and reader, as the step's text, calls (unanswered) and data", async () => {
    const { messages } = await runConversation('list the files and show me README.md');
    for (const parts of splitSteps(messages[1])) {
      const again = await readBack(chunksOfStep(parts, 'tool-calls'));
      const strip = (list: UIMessage['parts']) =>
        list
          .filter((part) => part.type !== 'step-start')
          .map((part) => {
            if (part.type === 'text') return { type: 'text', text: part.text };
            if ('toolCallId' in part) {
              const { toolCallId, toolName, input } = part as { toolCallId: string; toolName: string; input: unknown };
              return { type: part.type, toolCallId, toolName, input };
            }
            return part;
          });
      expect(strip(again?.parts ?? [])).toEqual(strip(parts));
    }
  });
});
