import 'server-only';
import type { Client, Tool } from '@modelcontextprotocol/client';
import type { LeftOutTool } from '../../mcp/mcp-route';

/** The SDK's own filter of a `tools/list` page (2026-07-28 over HTTP: a tool whose `x-mcp-header` is invalid cannot be called). */
type ExcludingClient = { _excludeInvalidXMcpHeaderTools?: (result: { tools: Tool[] }) => void };

/** What the SDK says before the reason: `[mcp-sdk] excluding tool 'x' from tools/list: invalid x-mcp-header declaration — `. */
const REASON_AFTER = ' — ';
const MAX_REASON_CHARS = 500;

/**
 * The tools the SDK would leave out of `page` and why, in the SDK's own words. `Client.listTools`
 * drops them with only a warning in the server's log; the playground says so on the server's
 * group. The filter is synchronous, so the warnings it writes meanwhile are its own.
 */
export function sdkLeftOut(client: Client, tools: readonly Tool[]): { kept: Tool[]; leftOut: LeftOutTool[] } {
  const exclude = (client as unknown as ExcludingClient)._excludeInvalidXMcpHeaderTools;
  if (typeof exclude !== 'function') return { kept: [...tools], leftOut: [] };
  const result = { tools: [...tools] };
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => void warnings.push(parts.map(String).join(' '));
  try {
    exclude.call(client, result);
  } finally {
    console.warn = warn;
  }
  const kept = new Set(result.tools);
  const dropped = tools.filter((tool) => !kept.has(tool));
  return {
    kept: result.tools,
    leftOut: dropped.map((tool, index) => {
      const warning = warnings[index] ?? '';
      const at = warning.indexOf(REASON_AFTER);
      const reason = at === -1 ? 'its x-mcp-header declaration is invalid' : warning.slice(at + REASON_AFTER.length);
      return { name: tool.name.slice(0, 200), reason: reason.slice(0, MAX_REASON_CHARS) };
    }),
  };
}

/**
 * One page of `tools/list` as the server sent it (no cache, no filter), split into the tools the
 * SDK lets a client call and those it leaves out. A server that offers no tools lists none.
 */
export async function listToolsPage(
  client: Client,
  cursor: string | undefined,
): Promise<{ items: Tool[]; nextCursor?: string; leftOut: LeftOutTool[] }> {
  if (!client.getServerCapabilities()?.tools) return { items: [], leftOut: [] };
  const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} });
  const { kept, leftOut } = sdkLeftOut(client, page.tools);
  return { items: kept, nextCursor: page.nextCursor, leftOut };
}
