import 'server-only';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { newId } from '../../new-id';
import type { McpConnection, McpServerInfo } from './connect-mcp-server';

export type McpConnections = {
  /** Connects (`start`), lists the tools and keeps the connection under a new id. */
  open(
    start: () => Promise<McpConnection>,
  ): Promise<{ id: string; info: McpServerInfo; tools: Tool[]; toolsVersion: number }>;
  /** The open connection with this id (its idle clock restarts), if there is one. */
  get(id: string): McpConnection | undefined;
  close(id: string): Promise<void>;
};

/**
 * The MCP connections this server holds for its pages: a few at a time (the oldest closed
 * first when more are opened), each closed after `idleMs` unused. A connection id is random
 * and unguessable; the headers given at connect stay inside the SDK's transport.
 */
export function createMcpConnections({
  maxOpen = 16,
  idleMs = 30 * 60_000,
  now = () => Date.now(),
}: {
  maxOpen?: number;
  idleMs?: number;
  now?: () => number;
} = {}): McpConnections {
  const open = new Map<string, { connection: McpConnection; usedMs: number }>();
  const close = async (id: string) => {
    const entry = open.get(id);
    open.delete(id);
    await entry?.connection.close().catch(() => undefined);
  };
  const sweep = () => {
    for (const [id, entry] of open) if (now() - entry.usedMs > idleMs) void close(id);
    while (open.size >= maxOpen) void close(open.keys().next().value as string);
  };
  return {
    async open(start) {
      sweep();
      const connection = await start();
      try {
        const tools = await connection.listTools();
        const id = `mcp-${newId()}${newId()}`;
        open.set(id, { connection, usedMs: now() });
        return { id, info: connection.info, tools, toolsVersion: connection.toolsVersion() };
      } catch (error) {
        await connection.close().catch(() => undefined);
        throw error;
      }
    },
    get(id) {
      const entry = open.get(id);
      if (!entry) return undefined;
      entry.usedMs = now();
      return entry.connection;
    },
    close,
  };
}
