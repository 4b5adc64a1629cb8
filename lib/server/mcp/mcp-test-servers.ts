// For tests: the two MCP servers the route is tried against — the reference "everything" server
// (2025-11-25) and a server on the SDK v2 (2026-07-28) — started once per test file, and the
// route on a connections table of its own.
import { afterAll, beforeAll } from 'vitest';
import type { McpWireExchange } from '@/lib/shapes/mcp-wire';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';
import { type ModernMcpServer, startModernMcpServer } from '@/testing/start-mcp-modern-server';
import { handleMcpRequest } from './handle-mcp-request';
import { createMcpConnections } from './mcp-connections';

export type McpTestServers = { everything: McpEverything; modern: ModernMcpServer };

/** Starts both servers before the file's tests (stops them after); `servers()` reads them once started. */
export function withMcpTestServers(): {
  servers: () => McpTestServers;
  post: (body: unknown, signal?: AbortSignal) => Promise<Response>;
} {
  let started: McpTestServers | undefined;
  beforeAll(async () => {
    const [everything, modern] = await Promise.all([startMcpEverything(), startModernMcpServer()]);
    started = { everything, modern };
  }, 30_000);
  afterAll(async () => {
    await Promise.all([started?.everything.close(), started?.modern.close()]);
  });
  const connections = createMcpConnections();
  return {
    servers: () => {
      if (!started) throw new Error('the MCP test servers are not started yet');
      return started;
    },
    post: (body, signal) =>
      handleMcpRequest(
        new Request('http://local/api/mcp', { method: 'POST', body: JSON.stringify(body), signal }),
        {},
        connections,
      ),
  };
}

/** A line of a call's answer stream (`input` when the server asks the person something). */
export type CallLine = {
  type: string;
  input?: { id: string; message: string; requestedSchema: Record<string, unknown>; url?: string };
  /** A `progress` line's message. */
  message?: string;
  /** A `wire` line's exchange with the server. */
  exchange?: McpWireExchange;
};

/**
 * Calls `name` through the route; each question is answered with `answer(question)` while the
 * call's lines stream (the route's status for each answer in `answers`).
 */
export async function callAnswering(
  post: (body: unknown) => Promise<Response>,
  connectionId: string,
  name: string,
  answer: (input: NonNullable<CallLine['input']>) => unknown,
  args: Record<string, unknown> = {},
  /** More of the call's body (`wire: true`). */
  more: Record<string, unknown> = {},
): Promise<{ lines: CallLine[]; answers: number[] }> {
  const response = await post({ action: 'call', connectionId, name, arguments: args, ...more });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const lines: CallLine[] = [];
  const answers: number[] = [];
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += value ? decoder.decode(value, { stream: true }) : '';
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const text of complete.filter(Boolean)) {
      const line = JSON.parse(text) as CallLine;
      lines.push(line);
      if (line.type === 'input' && line.input) {
        const answered = await post({
          action: 'answer',
          connectionId,
          inputId: line.input.id,
          answer: answer(line.input),
        });
        answers.push(answered.status);
      }
    }
    if (done) return { lines, answers };
  }
}
