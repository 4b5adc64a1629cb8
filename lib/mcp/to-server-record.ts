import type { McpServerRecord } from '../shapes/mcp-server-record';
import { MCP_PROTOCOL_VERSION_PATTERN, MCP_TRANSPORTS } from '../shapes/mcp-limits';

/** A record from what a server said at `initialize` (its words clipped to the record's bounds). */
export function toServerRecord(
  url: string,
  info: {
    name?: unknown;
    version?: unknown;
    capabilities?: unknown;
    instructions?: unknown;
    transport?: unknown;
    protocolVersion?: unknown;
  },
): Omit<McpServerRecord, 'id'> {
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
  const transport = MCP_TRANSPORTS.find((each) => each === info.transport);
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
    transport: transport ?? 'streamable-http',
    ...(typeof info.protocolVersion === 'string' && MCP_PROTOCOL_VERSION_PATTERN.test(info.protocolVersion)
      ? { protocolVersion: info.protocolVersion }
      : {}),
  };
}
