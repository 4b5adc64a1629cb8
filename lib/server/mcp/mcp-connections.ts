import 'server-only';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { newId } from '../../model/new-id';
import type { McpConnection, McpServerInfo } from './connect-mcp-server';

export type McpConnections = {
  /**
   * Connects (`start`), lists the tools and keeps the connection under a new id, counted to
   * `owner` (a page's own random id); refused when the server holds as many as it may.
   */
  open(
    start: () => Promise<McpConnection>,
    owner?: string,
  ): Promise<{ id: string; info: McpServerInfo; tools: Tool[]; toolsVersion: number }>;
  /** The open connection with this id (its idle clock restarts), if there is one. */
  get(id: string): McpConnection | undefined;
  close(id: string): Promise<void>;
};

/** Thrown when the server already holds (or is opening) all the connections it may. */
export class McpConnectionsFullError extends Error {}

/**
 * The MCP connections this server holds for its pages. Each page (owner) has its own quota
 * (`perOwner`): past it, its own oldest connection is closed — never another page's; the
 * server as a whole holds at most `maxOpen`, counting the connects still under way, and
 * refuses more. Each is closed after `idleMs` unused. A connection id is random and
 * unguessable; the headers given at connect stay inside the SDK's transport.
 */
export function createMcpConnections({
  perOwner = 16,
  maxOpen = 64,
  idleMs = 30 * 60_000,
  now = () => Date.now(),
}: {
  perOwner?: number;
  maxOpen?: number;
  idleMs?: number;
  now?: () => number;
} = {}): McpConnections {
  const open = new Map<string, { connection: McpConnection; usedMs: number; owner: string }>();
  const pending = new Map<string, number>();
  const pendingTotal = () => [...pending.values()].reduce((sum, count) => sum + count, 0);
  const close = async (id: string) => {
    const entry = open.get(id);
    open.delete(id);
    await entry?.connection.close().catch(() => undefined);
  };
  const ownedBy = (owner: string) => [...open].filter(([, entry]) => entry.owner === owner).map(([id]) => id);
  const sweep = () => {
    for (const [id, entry] of open) if (now() - entry.usedMs > idleMs) void close(id);
  };
  return {
    async open(start, owner = 'anonymous') {
      sweep();
      // What is already under way counts: sixty connects at once do not slip past the cap.
      if (open.size + pendingTotal() >= maxOpen)
        throw new McpConnectionsFullError(
          `This playground server holds ${maxOpen} MCP connections already; disconnect some (or wait for idle ones to close) and connect again.`,
        );
      pending.set(owner, (pending.get(owner) ?? 0) + 1);
      let connection: McpConnection;
      try {
        connection = await start();
      } finally {
        pending.set(owner, (pending.get(owner) ?? 1) - 1);
        if (pending.get(owner) === 0) pending.delete(owner);
      }
      try {
        const tools = await connection.listTools();
        const id = `mcp-${newId()}${newId()}`;
        open.set(id, { connection, usedMs: now(), owner });
        // The page's own quota, enforced now that the connection exists: its oldest go.
        const own = ownedBy(owner);
        for (const old of own.slice(0, Math.max(0, own.length - perOwner))) void close(old);
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
