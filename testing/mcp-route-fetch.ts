import { handleMcpRequest } from '../lib/server/mcp/handle-mcp-request';
import { createMcpConnections } from '../lib/server/mcp/mcp-connections';

/** The page's fetch of `/api/mcp`, answered by the real route handler in-process (its own connections). */
export function createMcpRouteFetch(env: Record<string, string | undefined> = {}): typeof fetch {
  const connections = createMcpConnections();
  return (async (_url: RequestInfo | URL, init?: RequestInit) =>
    handleMcpRequest(new Request('http://local/api/mcp', init), env, connections)) as typeof fetch;
}
