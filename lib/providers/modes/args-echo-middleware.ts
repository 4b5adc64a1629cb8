import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { LanguageModelMiddleware } from 'ai';
import { isDeepStrictEqual } from 'node:util';

type TextBlock = { id: string; parts: LanguageModelV4StreamPart[]; text: string };

function parseJson(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/, '')
    .replace(/```$/, '')
    .trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/**
 * Seed 003 args-leak protection: some models write a call's arguments as text beside the call.
 * A text block that looks like JSON is held until the step ends, then dropped if it only
 * repeats the arguments of a call in the same step (as JSON, fenced or not) — else released.
 * Other text streams through untouched.
 */
export const argsEchoMiddleware: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  wrapStream: async ({ doStream }) => {
    const result = await doStream();
    const held = new Map<string, TextBlock>();
    const inputs: unknown[] = [];
    const stream = result.stream.pipeThrough(
      new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          if (part.type === 'text-start') {
            held.set(part.id, { id: part.id, parts: [part], text: '' });
            return;
          }
          const block = 'id' in part && typeof part.id === 'string' ? held.get(part.id) : undefined;
          if (block && (part.type === 'text-delta' || part.type === 'text-end')) {
            block.parts.push(part);
            if (part.type === 'text-delta') block.text += part.delta;
            // Prose is released at once; only a block that opens like JSON waits for the step's calls.
            if (!/^\s*(?:\{|```)/.test(block.text) && block.text.trim() !== '') {
              for (const each of block.parts) controller.enqueue(each);
              held.delete(block.id);
            }
            return;
          }
          if (part.type === 'tool-call') inputs.push(parseJson(part.input));
          if (part.type === 'finish') {
            for (const each of held.values()) {
              const echoed = inputs.some(
                (input) => input !== undefined && isDeepStrictEqual(parseJson(each.text), input),
              );
              if (!echoed) for (const piece of each.parts) controller.enqueue(piece);
            }
            held.clear();
          }
          controller.enqueue(part);
        },
        flush(controller) {
          for (const each of held.values()) for (const piece of each.parts) controller.enqueue(piece);
        },
      }),
    );
    return { ...result, stream };
  },
};
