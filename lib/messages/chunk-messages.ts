import type { UIMessage } from 'ai';

/** A piece of the conversation drawn as one block: a whole message, or a run of a long one's steps. */
export type MessageChunk = {
  key: string;
  message: UIMessage;
  parts: UIMessage['parts'];
  /** Not the message's first chunk. */
  continued: boolean;
  /** The conversation's last chunk. */
  last: boolean;
};

/** Steps per chunk: a long assistant message (hundreds of steps) becomes blocks a list can window. */
export const STEPS_PER_CHUNK = 10;

/**
 * Cuts the conversation into blocks for a windowed list: one per message, and a message with
 * more than `stepsPerChunk` steps into runs of that many (cut where a step starts).
 */
export function chunkMessages(messages: readonly UIMessage[], stepsPerChunk = STEPS_PER_CHUNK): MessageChunk[] {
  const chunks: MessageChunk[] = [];
  for (const message of messages) {
    let parts: UIMessage['parts'] = [];
    let steps = 0;
    let index = 0;
    const flush = () => {
      chunks.push({ key: `${message.id}:${index}`, message, parts, continued: index > 0, last: false });
      index += 1;
      parts = [];
      steps = 0;
    };
    for (const part of message.parts) {
      if (part.type === 'step-start') {
        if (steps === stepsPerChunk) flush();
        steps += 1;
      }
      parts.push(part);
    }
    if (parts.length > 0 || index === 0) flush();
  }
  const final = chunks.at(-1);
  if (final) final.last = true;
  return chunks;
}
