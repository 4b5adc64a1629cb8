import type { UIMessage, UIMessageChunk } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';

/*
 * A recorded model step as the chat route would stream it again (a replay, docs/what-if.md): its text,
 * reasoning, files and calls (not their results — the executor answers those), and its data
 * parts, as the AI SDK's UI message chunks between `start-step` and `finish-step`.
 */

type Part = UIMessage['parts'][number];

function chunksOfPart(part: Part, index: number): UIMessageChunk[] {
  if (part.type === 'text') {
    const id = `text-${index}`;
    return [
      { type: 'text-start', id },
      { type: 'text-delta', id, delta: part.text },
      { type: 'text-end', id },
    ];
  }
  if (part.type === 'reasoning') {
    const id = `reasoning-${index}`;
    return [
      { type: 'reasoning-start', id },
      { type: 'reasoning-delta', id, delta: part.text },
      { type: 'reasoning-end', id },
    ];
  }
  if (part.type === 'file') return [{ type: 'file', url: part.url, mediaType: part.mediaType }];
  if (isToolUIPart(part))
    return [
      {
        type: 'tool-input-available',
        toolCallId: part.toolCallId,
        toolName: getToolName(part),
        input: part.input,
        dynamic: true,
      },
    ];
  if (part.type.startsWith('data-'))
    return [{ type: part.type, data: (part as { data: unknown }).data } as UIMessageChunk];
  return [];
}

/** The chunks of one recorded step (`parts` without its `step-start`), ending as the step ended. */
export function chunksOfStep(parts: UIMessage['parts'], finishReason: string | undefined): UIMessageChunk[] {
  return [
    { type: 'start' },
    { type: 'start-step' },
    ...parts.flatMap(chunksOfPart),
    { type: 'finish-step' },
    { type: 'finish', ...(finishReason ? { finishReason: finishReason as 'stop' } : {}) },
  ];
}
