/*
 * MCP's `CallToolResult` as the playground keeps it (the output of an MCP tool's call, as the
 * server sent it): shapes, a reader that checks untrusted values against MCP's schema, its
 * text, and the output the model receives. `zod/mini` (a few KB, no SDK import): the timeline
 * that reads results is part of the page's first load, and the route uses it too.
 */
import * as z from 'zod/mini';
import { firstIssue } from '../limits/first-issue';

/**
 * Whether `text` is base64 as `atob` reads it (the forgiving-base64 rules the SDK checks with):
 * padding only on a length that is a multiple of 4, never one character left over — and, more
 * strictly than atob, no spaces.
 */
function isBase64(text: string): boolean {
  const body = text.length % 4 === 0 ? text.replace(/={1,2}$/, '') : text;
  return /^[A-Za-z0-9+/]*$/.test(body) && body.length % 4 !== 1;
}

/** Base64 as MCP carries media. */
const base64Schema = z.string().check(z.refine(isBase64, 'is not base64'));

const contentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), data: base64Schema, mimeType: z.string() }),
  z.object({ type: z.literal('audio'), data: base64Schema, mimeType: z.string() }),
  z.object({
    type: z.literal('resource_link'),
    uri: z.string(),
    name: z.string(),
    description: z.optional(z.string()),
    mimeType: z.optional(z.string()),
  }),
  z.object({
    type: z.literal('resource'),
    resource: z.union([
      z.object({ uri: z.string(), mimeType: z.optional(z.string()), text: z.string() }),
      z.object({ uri: z.string(), mimeType: z.optional(z.string()), blob: base64Schema }),
    ]),
  }),
]);

/**
 * MCP's `CallToolResult` (unknown keys such as `_meta` and `annotations` are allowed and
 * dropped). `structuredContent` is any JSON value since 2026-07-28 (an object before).
 */
const callToolResultSchema = z.object({
  content: z.array(contentSchema),
  structuredContent: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
});

export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name: string; description?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } };

export type McpCallResult = {
  content: McpContent[];
  /** Any JSON value (2026-07-28; an object on the 2025 revisions). */
  structuredContent?: unknown;
  isError?: boolean;
};

export type ReadMcpResult = { ok: true; result: McpCallResult } | { ok: false; problem: string };

/**
 * An untrusted value (a server's answer, a session file, a link, a handler's return) read as an
 * MCP tool result; when it is not one, the first problem in words ("content.0.data is not base64").
 */
export function readMcpCallResult(value: unknown): ReadMcpResult {
  const parsed = callToolResultSchema.safeParse(value);
  if (parsed.success) return { ok: true, result: parsed.data };
  const { where, why } = firstIssue(parsed.error, 'the result');
  return { ok: false, problem: `${where}: ${why}` };
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
  }
}

/** The result as text: its text parts and a bracketed line for each other part. */
export function mcpResultText(result: McpCallResult): string {
  const parts = result.content.map((part) => describePart(part, { includeData: true }));
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
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
 * Anything else (a value that is not a valid MCP result) goes as JSON, as for other tools.
 */
export function toMcpModelOutput(output: unknown): McpModelOutput {
  const read = readMcpCallResult(output);
  if (!read.ok) return { type: 'json', value: output ?? null };
  const { result } = read;
  if (result.content.length === 0) return { type: 'json', value: result.structuredContent ?? null };
  return {
    type: 'content',
    value: result.content.map((part) => {
      if (part.type === 'image' || part.type === 'audio')
        return { type: 'file', mediaType: part.mimeType, data: { type: 'data', data: part.data } };
      if (part.type === 'resource' && typeof part.resource.blob === 'string' && part.resource.mimeType)
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
    ...(result.structuredContent !== undefined ? [{ text: 'structured', tone: 'neutral' as const }] : []),
  ];
}
