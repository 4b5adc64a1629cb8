import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { newId } from '../../shapes/new-id';
import type { McpConnection, McpServerInfo } from './connect-mcp-server';

/** Who asks for a connection: the page (an identity this server issued) and the client address it came from. */
export type McpRequester = { page: string; address: string };

export type McpConnections = {
  /**
   * Whether a connection id was issued by another instance of the playground (its first 8
   * characters after `mcp-` name the instance that holds it): MCP connections live in the process
   * that opened them, so a request that reaches another instance cannot use them.
   */
  heldElsewhere(id: string): boolean;
  /**
   * The page identity a request carries, if this server issued it; else a new one. A page
   * cannot choose its identity (nor take another's): it is a random id signed by this server.
   */
  pageOf(token: string | undefined): string;
  /**
   * Connects (`start`), lists the tools and keeps the connection under a new id, counted to
   * the requester's page and address; refused when the server holds as many as it may.
   */
  open(
    start: () => Promise<McpConnection>,
    requester?: McpRequester,
  ): Promise<{ id: string; info: McpServerInfo; tools: Tool[]; toolsVersion: number }>;
  /** The open connection with this id (its idle clock restarts), if there is one. */
  get(id: string): McpConnection | undefined;
  close(id: string): Promise<void>;
  /** How many connections are open or being opened (for tests and the log). */
  size(): number;
};

/** Thrown when the server already holds (or is opening) all the connections it may. */
export class McpConnectionsFullError extends Error {}

type Slot = { requester: McpRequester; usedMs: number; connection: McpConnection | undefined };

/**
 * The MCP connections this server holds for its pages. A page's identity is issued here
 * (`pageOf`), never chosen by the page. Each page has a quota (`perPage`) and each client
 * address a larger one (`perAddress`): past either, that page's or address's own oldest open
 * connection is closed — never another's — so one client, however many identities it asks
 * for, holds at most `perAddress` and the rest of the server stays open to others. The server
 * holds at most `maxOpen`. A connect takes its slot before its first `await`, so a connect
 * under way and an open connection count as one: no race passes a cap. Each is closed after
 * `idleMs` unused. A connection id is random and unguessable; the headers given at connect
 * stay inside the SDK's transport.
 */
export function createMcpConnections({
  perPage = 16,
  perAddress = 32,
  maxOpen = 64,
  idleMs = 30 * 60_000,
  now = () => Date.now(),
  instance = newId().slice(0, 8),
}: {
  perPage?: number;
  perAddress?: number;
  maxOpen?: number;
  idleMs?: number;
  now?: () => number;
  /** This instance's 8-character name, the start of every connection id it issues. */
  instance?: string;
} = {}): McpConnections {
  const secret = randomBytes(32);
  const sign = (id: string) => createHmac('sha256', secret).update(id).digest('base64url').slice(0, 22);
  const slots = new Map<string, Slot>();

  const close = async (id: string) => {
    const slot = slots.get(id);
    slots.delete(id);
    await slot?.connection?.close().catch(() => undefined);
  };
  const sweep = () => {
    for (const [id, slot] of slots) if (slot.connection && now() - slot.usedMs > idleMs) void close(id);
  };
  /** Makes room under one quota by closing the oldest open connection it covers; false when every one is still connecting. */
  const makeRoom = (covers: (requester: McpRequester) => boolean, quota: number): boolean => {
    const held = [...slots].filter(([, slot]) => covers(slot.requester));
    if (held.length < quota) return true;
    const open = held.filter(([, slot]) => slot.connection).sort(([, a], [, b]) => a.usedMs - b.usedMs);
    for (const [id] of open.slice(0, held.length - quota + 1)) void close(id);
    return held.length - open.length < quota;
  };

  return {
    heldElsewhere: (id) => id.slice(4, 12) !== instance,
    pageOf(token) {
      const [id, signature] = (token ?? '').split('.');
      if (id && signature && /^[A-Za-z0-9_-]{22}$/.test(id)) {
        const expected = Buffer.from(sign(id));
        const given = Buffer.from(signature);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return `${id}.${signature}`;
      }
      const fresh = randomBytes(16).toString('base64url');
      return `${fresh}.${sign(fresh)}`;
    },
    async open(start, requester = { page: 'anonymous', address: 'unknown' }) {
      sweep();
      // From here to `slots.set` nothing awaits: the checks and the reservation are one step.
      const roomForPage = makeRoom((other) => other.page === requester.page, perPage);
      const roomForAddress = makeRoom((other) => other.address === requester.address, perAddress);
      if (!roomForPage || !roomForAddress)
        throw new McpConnectionsFullError(
          'This page is already connecting to as many MCP servers as it may; wait for those connects to finish.',
        );
      if (slots.size >= maxOpen)
        throw new McpConnectionsFullError(
          `This playground server holds ${maxOpen} MCP connections already; disconnect some (or wait for idle ones to close) and connect again.`,
        );
      const id = `mcp-${instance}${newId()}${newId().slice(0, 8)}`;
      const slot: Slot = { requester, usedMs: now(), connection: undefined };
      slots.set(id, slot);
      let connection: McpConnection | undefined;
      try {
        connection = await start();
        const tools = await connection.listTools();
        // Closed meanwhile (its page's own quota, or the server stopping it): this connect lost its slot.
        if (slots.get(id) !== slot) throw new McpConnectionsFullError('The connection was closed while it opened.');
        slot.connection = connection;
        slot.usedMs = now();
        return { id, info: connection.info, tools, toolsVersion: connection.toolsVersion() };
      } catch (error) {
        if (slots.get(id) === slot) slots.delete(id);
        await connection?.close().catch(() => undefined);
        throw error;
      }
    },
    get(id) {
      const slot = slots.get(id);
      if (!slot?.connection) return undefined;
      slot.usedMs = now();
      return slot.connection;
    },
    close,
    size: () => slots.size,
  };
}
