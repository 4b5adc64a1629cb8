// For tests: the two MCP servers the route is tried against — the reference "everything" server
// (2025-11-25) and a server on the SDK v2 (2026-07-28) — started once per test file, and the
// route on a connections table of its own.
import { afterAll, beforeAll } from 'vitest';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';
import { type ModernMcpServer, startModernMcpServer } from '@/testing/start-mcp-modern-server';
import { handleMcpRequest } from './handle-mcp-request';
import { createMcpConnections } from './mcp-connections';

export type McpTestServers = { everything: McpEverything; modern: ModernMcpServer };

/** Starts both servers before the file's tests (stops them after); `servers()` reads them once started. */
export function withMcpTestServers(): { servers: () => McpTestServers; post: (body: unknown) => Promise<Response> } {
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
    post: (body) =>
      handleMcpRequest(
        new Request('http://local/api/mcp', { method: 'POST', body: JSON.stringify(body) }),
        {},
        connections,
      ),
  };
}
