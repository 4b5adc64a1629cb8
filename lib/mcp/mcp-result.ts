/*
 * MCP's `CallToolResult` as the playground keeps it (the output of an MCP tool's call, as the
 * server sent it): shapes, a reader that checks untrusted values, its text, and the output the
 * model receives. Plain data: no SDK import, so the page and the route both use it.
 */

export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name: string; description?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } };

export type McpCallResult = {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a tool output has MCP's result shape (a `content` array of typed parts). */
export function isMcpCallResult(value: unknown): value is McpCallResult {
  return (
    isRecord(value) &&
    Array.isArray(value.content) &&
    value.content.every((part) => isRecord(part) && typeof part.type === 'string')
  );
}

/** One part in words, for the model or a summary line. */
function describePart(part: McpContent, { includeData }: { includeData: boolean }): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
    case 'audio':
      return `[${part.type} ${part.mimeType}${includeData ? `, ${Math.round((part.data.length * 3) / 4)} bytes` : ''}]`;
    case 'resource_link':
      return `[resource link ${part.name}: ${part.uri}${part.description ? ` — ${part.description}` : ''}]`;
    case 'resource':
      return part.resource.text !== undefined
        ? `[resource ${part.resource.uri}]\n${part.resource.text}`
        : `[resource ${part.resource.uri}${part.resource.mimeType ? ` (${part.resource.mimeType})` : ''}]`;
    default:
      return JSON.stringify(part);
  }
}

/** The result as text: its text parts and a bracketed line for each other part. */
export function mcpResultText(result: McpCallResult): string {
  const parts = result.content.map((part) => describePart(part, { includeData: true }));
  if (parts.length === 0 && result.structuredContent) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

/** Part of the AI SDK's `ToolResultOutput` (`type: 'content'`), written out so this file needs no SDK import. */
export type McpModelOutput =
  | { type: 'json'; value: unknown }
  | {
      type: 'content';
      value: (
        | { type: 'text'; text: string }
        | { type: 'file'; mediaType: string; data: { type: 'data'; data: string } }
      )[];
    };

/**
 * What the model receives for an MCP result: text as text, images and audio as files (each
 * provider package then sends them as its API expects — image blocks for Anthropic, inline
 * data for Gemini, JSON text for OpenAI Chat), embedded resources as their text or as files,
 * resource links as a line. Structured content with no content parts goes as its JSON.
 * Anything else (a value that is not MCP-shaped) goes as JSON, as for other tools.
 */
export function toMcpModelOutput(output: unknown): McpModelOutput {
  if (!isMcpCallResult(output)) return { type: 'json', value: output ?? null };
  if (output.content.length === 0) return { type: 'json', value: output.structuredContent ?? null };
  return {
    type: 'content',
    value: output.content.map((part) => {
      if ((part.type === 'image' || part.type === 'audio') && typeof part.data === 'string')
        return { type: 'file', mediaType: part.mimeType, data: { type: 'data', data: part.data } };
      if (part.type === 'resource' && typeof part.resource?.blob === 'string' && part.resource.mimeType)
        return { type: 'file', mediaType: part.resource.mimeType, data: { type: 'data', data: part.resource.blob } };
      return { type: 'text', text: describePart(part, { includeData: false }) };
    }),
  };
}

/** What an MCP result holds besides text, as the result node's badges: "image", "2 audio", "structured". */
export function mcpBadges(result: McpCallResult): { text: string; tone: 'neutral' }[] {
  const counts = new Map<string, number>();
  for (const part of result.content) {
    const kind = part.type === 'resource_link' ? 'link' : part.type;
    if (kind !== 'text') counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [
    ...[...counts].map(([kind, count]) => ({ text: count > 1 ? `${count} ${kind}` : kind, tone: 'neutral' as const })),
    ...(result.structuredContent ? [{ text: 'structured', tone: 'neutral' as const }] : []),
  ];
}
