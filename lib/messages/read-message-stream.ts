import {
  parseJsonEventStream,
  readUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
  uiMessageChunkSchema,
} from 'ai';

/**
 * The message a UI message stream response builds (the chat route's answer), read with the AI
 * SDK's own parser and reader; `onError` hears each error the stream carries. Undefined when the
 * stream held no message.
 */
export async function readMessageStream(
  body: ReadableStream<Uint8Array>,
  onError?: (error: unknown) => void,
): Promise<UIMessage | undefined> {
  const chunks = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(read, controller: TransformStreamDefaultController<UIMessageChunk>) {
        if (!read.success) throw read.error;
        controller.enqueue(read.value);
      },
    }),
  );
  let message: UIMessage | undefined;
  for await (const state of readUIMessageStream({ stream: chunks, onError })) message = state;
  return message;
}
