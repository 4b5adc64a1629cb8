import type { McpServerRecord } from '../shapes/mcp-server-record';
import { type McpListedTool, replaceMcpTools } from '../shapes/mcp-tool-drafts';
import { type Added, mcpServerRefusal } from '../shapes/session-limits';
import { newId } from '../shapes/new-id';
import type { SessionData } from './session-schema';

type McpState = Pick<SessionData, 'mcpServers' | 'tools'>;
type SetState = (update: (state: McpState) => Partial<McpState>) => void;

export type McpActions = {
  /**
   * An MCP server connected: its record (kept under the id it already has when the session
   * used the same URL before) and its tools in place of the ones it listed before. Returns its
   * id; a new server past `SESSION_LIMITS.mcpServers` is refused with a sentence.
   */
  connectMcpServer(server: Omit<McpServerRecord, 'id'>, tools: readonly McpListedTool[]): Added;
  /** A connected server listed its tools again (they changed). */
  setMcpTools(serverId: string, tools: readonly McpListedTool[]): void;
  /** The server and its tools leave the session. */
  removeMcpServer(serverId: string): void;
};

/** The session's MCP actions (see docs/decisions/mcp-stdio-gate.md): the servers it uses and their tools. */
export function createMcpActions(set: SetState, get: () => McpState): McpActions {
  return {
    connectMcpServer: (server, listed) => {
      const refusal = mcpServerRefusal(get().mcpServers, server.url);
      if (refusal) return { ok: false, message: refusal };
      const known = get().mcpServers.find((record) => record.url === server.url);
      const id = known?.id ?? `srv-${newId()}`;
      set((state) => ({
        mcpServers: known
          ? state.mcpServers.map((record) => (record.id === id ? { ...server, id } : record))
          : [...state.mcpServers, { ...server, id }],
        tools: replaceMcpTools(state.tools, id, server.name, listed),
      }));
      return { ok: true, id };
    },
    setMcpTools: (serverId, listed) =>
      set((state) => ({
        tools: replaceMcpTools(
          state.tools,
          serverId,
          state.mcpServers.find((server) => server.id === serverId)?.name ?? 'mcp',
          listed,
        ),
      })),
    removeMcpServer: (serverId) =>
      set((state) => ({
        mcpServers: state.mcpServers.filter((record) => record.id !== serverId),
        tools: replaceMcpTools(state.tools, serverId, '', []),
      })),
  };
}
