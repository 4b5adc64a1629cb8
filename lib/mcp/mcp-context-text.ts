import * as z from 'zod/mini';
import type { McpPromptMessages } from './create-mcp-client';
import { firstIssue } from '../limits/first-issue';

/** Longest resource text put into a message, in characters (the rest is cut, and says so). */
const MAX_RESOURCE_CHARS = 50_000;

/** A prompt's messages as text for the composer: each message's text, role-labelled when there are several. */
export function promptText(prompt: McpPromptMessages): string {
  const parts = prompt.messages.map((message) => {
    const content = message.content as { type?: string; text?: string; resource?: { uri?: string; text?: string } };
    const text =
      content.type === 'text'
        ? (content.text ?? '')
        : content.type === 'resource'
          ? `<resource uri="${content.resource?.uri ?? ''}">\n${content.resource?.text ?? ''}\n</resource>`
          : `[${content.type ?? 'content'}]`;
    return prompt.messages.length > 1 ? `${message.role}: ${text}` : text;
  });
  return parts.join('\n\n');
}

const resourceContentsSchema = z.object({
  contents: z.array(
    z.object({
      uri: z.string(),
      mimeType: z.optional(z.string()),
      text: z.optional(z.string()),
      blob: z.optional(z.string()),
    }),
  ),
});

/** Quoted for an XML-like attribute value. */
const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * A resource's contents (`resources/read`, untrusted: checked here) as context in a message:
 * text inside a `<resource>` element, binary ones named; an answer that is not a resource's
 * contents throws with a sentence (the caller shows it).
 */
export function resourceContext(resource: unknown): string {
  const parsed = resourceContentsSchema.safeParse(resource);
  if (!parsed.success) {
    const { where, why } = firstIssue(parsed.error, 'the answer');
    throw new Error(`The server's answer is not a resource's contents (${where}: ${why}).`);
  }
  return parsed.data.contents
    .map((content) => {
      const attributes = `uri="${attribute(content.uri)}"${content.mimeType ? ` type="${attribute(content.mimeType)}"` : ''}`;
      if (typeof content.text !== 'string')
        return `<resource ${attributes} bytes="${Math.round(((content.blob ?? '').length * 3) / 4)}" />`;
      const text =
        content.text.length > MAX_RESOURCE_CHARS
          ? `${content.text.slice(0, MAX_RESOURCE_CHARS)}\n[… ${content.text.length - MAX_RESOURCE_CHARS} more characters cut]`
          : content.text;
      return `<resource ${attributes}>\n${text}\n</resource>`;
    })
    .join('\n\n');
}
