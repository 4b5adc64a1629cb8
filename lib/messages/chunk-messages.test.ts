import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { generateLongSession } from '@/bench/generate-long-session';
import { chunkMessages } from './chunk-messages';

const text = (value: string) => ({ type: 'text' as const, text: value });

describe('chunkMessages', () => {
  it('keeps a short message whole, one block each', () => {
    const messages: UIMessage[] = [
      { id: 'u', role: 'user', parts: [text('hi')] },
      { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, text('hello')] },
    ];
    const chunks = chunkMessages(messages);
    expect(chunks.map((chunk) => [chunk.key, chunk.parts.length, chunk.continued, chunk.last])).toEqual([
      ['u:0', 1, false, false],
      ['a:0', 2, false, true],
    ]);
  });

  it('cuts a long assistant message where steps start, losing no part and keeping their order', () => {
    const messages = generateLongSession('c', 1, 25);
    const assistant = messages[1];
    const chunks = chunkMessages(messages, 10).filter((chunk) => chunk.message.id === assistant.id);
    expect(chunks).toHaveLength(3);
    expect(chunks.map((chunk) => chunk.continued)).toEqual([false, true, true]);
    for (const chunk of chunks.slice(1)) expect(chunk.parts[0].type).toBe('step-start');
    expect(chunks.flatMap((chunk) => chunk.parts)).toEqual(assistant.parts);
  });

  it('gives an empty message one (empty) block so it still shows', () => {
    expect(chunkMessages([{ id: 'a', role: 'assistant', parts: [] }])).toHaveLength(1);
  });
});
