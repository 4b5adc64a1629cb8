import type { McpPromptMessages, McpResourceContents } from './create-mcp-client';

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

/** A resource's contents as context in a message: text inside a `<resource>` element, binary ones named. */
export function resourceContext(resource: McpResourceContents): string {
  return resource.contents
    .map((content) => {
      const attributes = `uri="${content.uri.replaceAll('"', '&quot;')}"${content.mimeType ? ` type="${content.mimeType.replaceAll('"', '&quot;')}"` : ''}`;
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
