import { z } from 'zod';

/** How many MCP servers one session may use at once (the server holds as many connections). */
export const MAX_MCP_SERVERS = 16;

/**
 * An MCP server a session used, as the session keeps it: where it is and what it said at
 * `initialize` — never its headers (they are kept like API keys, in this tab only).
 */
export const mcpServerRecordSchema = z.object({
  /** The session's own id for it (tools name it in their run mode). */
  id: z.string().regex(/^srv-[A-Za-z0-9]{1,40}$/),
  url: z.string().max(2_000),
  name: z.string().min(1).max(200),
  version: z.string().max(100),
  capabilities: z.array(z.string().max(40)).max(20),
  instructions: z.string().max(20_000).optional(),
  transport: z.enum(['streamable-http', 'sse', 'stdio']),
});
export type McpServerRecord = z.infer<typeof mcpServerRecordSchema>;

/** A record from what a server said at `initialize` (its words clipped to the record's bounds). */
export function toServerRecord(
  url: string,
  info: { name?: unknown; version?: unknown; capabilities?: unknown; instructions?: unknown; transport?: unknown },
): Omit<McpServerRecord, 'id'> {
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
  const transport = mcpServerRecordSchema.shape.transport.safeParse(info.transport);
  const instructions = text(info.instructions, 20_000);
  return {
    url,
    name: text(info.name, 200) || new URL(url).host || url.slice(0, 200),
    version: text(info.version, 100),
    capabilities: (Array.isArray(info.capabilities) ? info.capabilities : [])
      .filter((each): each is string => typeof each === 'string')
      .slice(0, 20)
      .map((each) => each.slice(0, 40)),
    ...(instructions ? { instructions } : {}),
    transport: transport.success ? transport.data : 'streamable-http',
  };
}
