'use client';

import { assertNever } from '@/lib/shapes/assert-never';
import type { McpCallResult, ReadMcpResult } from '@/lib/mcp/mcp-result';

/** Media shown inline (raster images and common audio); anything else is named, not drawn. */
const SHOWN_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const SHOWN_AUDIO = new Set(['audio/wav', 'audio/x-wav', 'audio/mpeg', 'audio/mp3', 'audio/ogg', 'audio/webm']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const sizeOf = (base64: string) => `${Math.round((base64.length * 3) / 4).toLocaleString('en')} bytes`;

/**
 * An MCP tool's result as MCP shapes it: text as text, images and audio drawn from their data
 * (only raster images and plain audio types, from base64 checked as such), embedded resources
 * with their URI, resource links as words (not links: they come from the server), and
 * structured content as JSON.
 */
export function McpResultView({ result }: { result: McpCallResult }) {
  return (
    <div className="flex flex-col gap-1">
      {result.content.map((part, index) => {
        switch (part.type) {
          case 'text':
            return (
              <pre key={index} className="code">
                {part.text}
              </pre>
            );
          case 'image':
            return SHOWN_IMAGES.has(part.mimeType) && BASE64.test(part.data) ? (
              // biome-ignore lint/performance/noImgElement: a data URL from a tool result; next/image has nothing to optimise
              <img
                key={index}
                alt={`Returned by the tool (${part.mimeType}, ${sizeOf(part.data)})`}
                src={`data:${part.mimeType};base64,${part.data}`}
                className="max-h-48 max-w-full self-start border border-[var(--border)]"
                style={{ imageRendering: 'pixelated', minWidth: 32 }}
              />
            ) : (
              <p key={index} className="muted">
                [image {part.mimeType}, {sizeOf(String(part.data))} — not shown]
              </p>
            );
          case 'audio':
            return SHOWN_AUDIO.has(part.mimeType) && BASE64.test(part.data) ? (
              // biome-ignore lint/a11y/useMediaCaption: audio a tool returned has no captions to offer
              <audio
                key={index}
                controls
                aria-label={`Audio from the tool (${part.mimeType})`}
                src={`data:${part.mimeType};base64,${part.data}`}
              />
            ) : (
              <p key={index} className="muted">
                [audio {part.mimeType}, {sizeOf(String(part.data))} — not played]
              </p>
            );
          case 'resource':
            return (
              <div key={index}>
                <p className="muted font-mono">
                  resource {part.resource.uri}
                  {part.resource.mimeType ? ` (${part.resource.mimeType})` : ''}
                </p>
                {typeof part.resource.text === 'string' ? (
                  <pre className="code">{part.resource.text}</pre>
                ) : (
                  <p className="muted">[{sizeOf(part.resource.blob ?? '')} of binary data]</p>
                )}
              </div>
            );
          case 'resource_link':
            return (
              <p key={index} className="font-mono">
                link to resource {part.name}: {part.uri}
                {part.description ? <span className="muted"> — {part.description}</span> : null}
              </p>
            );
          default:
            return assertNever(part);
        }
      })}
      {result.structuredContent !== undefined ? (
        <details>
          <summary className="cursor-pointer">Structured content</summary>
          <pre className="code">{JSON.stringify(result.structuredContent, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** An MCP tool's result drawn as MCP shapes it, or — when it is not a valid one — a note saying why (the JSON is shown beside it). */
export function McpResultOrNote({ read }: { read: ReadMcpResult }) {
  if (read.ok) return <McpResultView result={read.result} />;
  return (
    <p role="note" className="text-role-error text-xs">
      Not a valid MCP result ({read.problem}): shown as JSON.
    </p>
  );
}
