import type { JSONValue, ModelMessage } from 'ai';
import type { WireRequest } from './wire-types';

/**
 * A step's messages as the AI SDK takes them (`streamText({ messages })`): what the
 * provider packages turn into each provider's body, and what Get code's TypeScript passes.
 */
export function toModelMessages(request: Pick<WireRequest, 'messages'>): ModelMessage[] {
  return request.messages.map((message): ModelMessage => {
    if (message.role === 'user') return { role: 'user', content: message.text };
    if (message.role === 'tool') {
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId,
            toolName: message.toolName,
            // As the AI SDK's own conversion does: strings as text, anything else as JSON.
            output: message.isError
              ? { type: 'error-text', value: message.content }
              : typeof message.output === 'string' || message.output === undefined
                ? { type: 'text', value: message.content }
                : { type: 'json', value: message.output as JSONValue },
          },
        ],
      };
    }
    return {
      role: 'assistant',
      content: [
        ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
        ...message.toolCalls.map((call) => ({
          type: 'tool-call' as const,
          toolCallId: call.id,
          toolName: call.name,
          input: call.input,
        })),
      ],
    };
  });
}
