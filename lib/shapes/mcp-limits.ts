/*
 * What an MCP server record may be, apart from its zod schema (`mcp-server-record.ts`): the
 * page's first load uses these, and zod is not part of that load (see docs/decisions/first-load.md).
 */

import { SESSION_LIMITS } from './session-limits';

/** How many MCP servers one session may use at once (the server holds as many connections). */
export const MAX_MCP_SERVERS = SESSION_LIMITS.mcpServers;

/** How the playground's server reaches an MCP server. */
export const MCP_TRANSPORTS = ['streamable-http', 'sse', 'stdio'] as const;

/** A protocol revision as MCP names them (`2026-07-28`, `2025-11-25`): a short, inert word. */
export const MCP_PROTOCOL_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.-]{0,39}$/;
