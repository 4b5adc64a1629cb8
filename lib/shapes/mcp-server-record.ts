import { z } from 'zod';
import { MAX_MCP_SERVERS, MCP_PROTOCOL_VERSION_PATTERN, MCP_TRANSPORTS } from './mcp-limits';
import { hashName } from './mcp-tool-drafts';

export { MAX_MCP_SERVERS };

/**
 * An MCP server a session used, as the session keeps it: where it is and what it said at
 * `initialize` — never its headers (they are kept like API keys, in this tab only).
 */
export const mcpServerRecordSchema = z.object({
  /** The session's own id for it (tools name it in their run mode). */
  id: z.string().regex(/^srv-[A-Za-z0-9]{1,40}$/),
  /** A local command's record never holds its command line: one that does (an older or crafted session) loses it here. */
  url: z
    .string()
    .max(2_000)
    .transform((url) =>
      url.startsWith('stdio:') && !/^stdio:local-[a-z0-9]{1,16}$/.test(url) ? `stdio:local-${hashName(url)}` : url,
    ),
  name: z.string().min(1).max(200),
  version: z.string().max(100),
  capabilities: z.array(z.string().max(40)).max(20),
  instructions: z.string().max(20_000).optional(),
  transport: z.enum(MCP_TRANSPORTS),
  /** The protocol revision of its last connection (a record from before 0.34.0 has none). */
  protocolVersion: z.string().regex(MCP_PROTOCOL_VERSION_PATTERN).optional(),
});
export type McpServerRecord = z.infer<typeof mcpServerRecordSchema>;
