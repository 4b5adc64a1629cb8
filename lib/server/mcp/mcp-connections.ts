import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/client';
import { newId } from '../../shapes/new-id';
import type { McpConnection, McpServerInfo } from './connect-mcp-server';
import type { LeftOutTool } from '../../mcp/mcp-route';

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
  ): Promise<{ id: string; info: McpServerInfo; tools: Tool[]; leftOut: readonly LeftOutTool[]; toolsVersion: number }>;
  /** The open connection with this id (its idle clock restarts), if there is one. */
  get(id: string): McpConnection | undefined;
  close(id: string): Promise<void>;
  /** How many connections are open or being opened (for tests and the log). */
  size(): number;
};

/** Thrown when the server already holds (or is opening) all the connections it may. */
export class McpConnectionsFullError extends Error {}

type Slot = { requester: McpRequester; usedMs: number; connection: McpConnection | undefined };

/** What a connect answers of an open connection: who it is and what it listed. */
const listed = (connection: McpConnection, tools: Tool[]) => ({
  info: connection.info,
  tools,
  leftOut: connection.leftOutTools(),
  toolsVersion: connection.toolsVersion(),
});

/**
 * The MCP connections this server holds for its pages. A page's identity is issued here
 * (`pageOf`), never chosen by the page. Each page has a quota (`perPage`, past it its own oldest
 * closes) and each client address one (`perAddress`, a quarter of the server: past it, the
 * address's page's own oldest closes, or the least recently used of a page on that address that
 * is no longer active — never an active page's). The server holds at most `maxOpen`: when full,
 * an address below its fair share (`maxOpen` over the addresses holding connections, the new one
 * counted) gets the least recently used connection of an inactive page of an address above its
 * share; otherwise it is refused with a sentence. A page is active while it used a connection in
 * the last `activeMs`. A connect takes its slot before its first `await`, so a connect under way
 * and an open connection count as one: no race passes a cap. Each is closed after `idleMs`
 * unused. A connection id is random and unguessable; the headers given at connect stay inside
 * the SDK's transport.
 */
export function createMcpConnections({
  perPage = 16,
  perAddress = 16,
  maxOpen = 64,
  idleMs = 30 * 60_000,
  activeMs = 60_000,
  now = () => Date.now(),
  instance = newId().slice(0, 8),
}: {
  perPage?: number;
  perAddress?: number;
  maxOpen?: number;
  idleMs?: number;
  /** How long a page counts as active after it last used a connection (its connections are never closed for another). */
  activeMs?: number;
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
  /** When each page last used any of its connections. */
  const pageUse = () => {
    const used = new Map<string, number>();
    for (const slot of slots.values())
      used.set(slot.requester.page, Math.max(used.get(slot.requester.page) ?? 0, slot.usedMs));
    return used;
  };
  /** Closes the least recently used open connection `may` allows; whether there was one. */
  const closeLeastUsed = (may: (slot: Slot, pageLastUsed: number) => boolean): boolean => {
    const used = pageUse();
    const [oldest] = [...slots]
      .filter(([, slot]) => slot.connection && may(slot, used.get(slot.requester.page) ?? 0))
      .sort(([, a], [, b]) => a.usedMs - b.usedMs);
    if (!oldest) return false;
    void close(oldest[0]);
    return true;
  };
  const inactive = (pageLastUsed: number) => now() - pageLastUsed >= activeMs;
  const count = (covers: (slot: Slot) => boolean) => [...slots.values()].filter(covers).length;

  /** Room for one more connection of `requester`, closing what the rules allow; the sentence when there is none. */
  const makeRoom = (requester: McpRequester): string | undefined => {
    const mine = (slot: Slot) => slot.requester.page === requester.page;
    const sameAddress = (slot: Slot) => slot.requester.address === requester.address;
    if (count(mine) >= perPage && !closeLeastUsed((slot) => mine(slot)))
      return 'This page is already connecting to as many MCP servers as it may; wait for those connects to finish.';
    if (
      count(sameAddress) >= perAddress &&
      !closeLeastUsed((slot) => mine(slot)) &&
      !closeLeastUsed((slot, pageLastUsed) => sameAddress(slot) && inactive(pageLastUsed))
    )
      return `This address holds ${perAddress} MCP connections, all in use by its pages; disconnect some (or wait a minute) and connect again.`;
    if (slots.size < maxOpen) return undefined;
    const held = new Map<string, number>();
    for (const slot of slots.values()) held.set(slot.requester.address, (held.get(slot.requester.address) ?? 0) + 1);
    const share = Math.floor(maxOpen / (held.size + (held.has(requester.address) ? 0 : 1)));
    const overShare = (slot: Slot) => (held.get(slot.requester.address) ?? 0) > share;
    if ((held.get(requester.address) ?? 0) < share && closeLeastUsed((slot, last) => overShare(slot) && inactive(last)))
      return undefined;
    return `This playground server holds ${maxOpen} MCP connections, shared among the addresses that use them; disconnect some (or wait for idle ones to close) and connect again.`;
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
      const refused = makeRoom(requester);
      if (refused) throw new McpConnectionsFullError(refused);
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
        return { id, ...listed(connection, tools) };
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
