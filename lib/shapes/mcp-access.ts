import type { McpInputAnswer, McpInputRequest } from './mcp-input';
import type { McpWireLine } from './mcp-wire';

/** A `notifications/progress` of a running MCP call. */
export type McpProgress = { progress: number; total?: number; message?: string };

/** What asking an MCP server to run a tool came to. */
export type McpCallAnswer =
  | { kind: 'result'; result: unknown }
  /** `not_connected`, `timeout`, `cancelled`, `server_error`, … and one sentence. */
  | { kind: 'error'; code: string; message: string };

/** The page's way to MCP servers (its contract: lib/mcp/mcp-route.ts). */
export const MCP_ROUTE = '/api/mcp';

/** How the executor reaches MCP servers (in the browser: `POST /api/mcp` with the tab's connections). */
export type McpAccess = {
  callTool(request: {
    server: string;
    name: string;
    args: Record<string, unknown>;
    timeoutMs: number;
    signal?: AbortSignal;
    onProgress?: (progress: McpProgress) => void;
    /** Asks the person what the server asks while the call runs; without it every question is cancelled. */
    onInput?: (request: McpInputRequest) => Promise<McpInputAnswer>;
    /** Told each HTTP exchange with the server, for the Inspector (asked for only with it). */
    onWire?: (line: McpWireLine) => void;
  }): Promise<McpCallAnswer>;
};
