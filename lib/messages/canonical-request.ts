import type { UIMessage } from 'ai';
import { digestOfText } from '../shapes/canonical-json';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';

/*
 * What of a conversation a provider receives, without what changes from one run to the next:
 * message ids, tool call ids (numbered by first appearance), timestamps and the playground's own
 * data parts, provider metadata, streaming states. Two requests with the same canonical form
 * send the provider the same thing — the key a replay serves a recorded answer by.
 */

type Part = UIMessage['parts'][number];

function canonicalPart(part: Part, callId: (id: string) => string): unknown[] {
  if (part.type === 'text') return [{ type: 'text', text: part.text }];
  if (part.type === 'step-start') return [{ type: 'step-start' }];
  if (part.type === 'file') return [{ type: 'file', mediaType: part.mediaType, url: part.url }];
  if (isToolUIPart(part)) {
    const answered =
      part.state === 'output-available'
        ? { output: part.output }
        : part.state === 'output-error'
          ? { error: part.errorText }
          : {};
    return [{ type: 'tool', name: getToolName(part), id: callId(part.toolCallId), input: part.input, ...answered }];
  }
  return [];
}

/** The messages as a provider receives them, ids and volatile parts left out (see above). */
export function canonicalMessages(messages: readonly UIMessage[]): unknown[] {
  const ids = new Map<string, string>();
  const callId = (id: string) => {
    if (!ids.has(id)) ids.set(id, `call_${ids.size + 1}`);
    return ids.get(id) as string;
  };
  return messages.map((message) => ({
    role: message.role,
    parts: message.parts.flatMap((part) => canonicalPart(part, callId)),
  }));
}

/**
 * A chat request's fingerprint: equal for two requests that send a provider the same thing. Keys
 * keep their order (a provider receives them in it); the route computes it for every step, so it
 * is one native `JSON.stringify` and one pass of the hash.
 */
export function requestDigest(request: { messages: readonly object[]; tools: unknown; settings: unknown }): string {
  const messages = canonicalMessages(request.messages as readonly UIMessage[]);
  return digestOfText(JSON.stringify({ messages, tools: request.tools, settings: request.settings }));
}
