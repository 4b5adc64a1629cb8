import 'server-only';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createNoRedirectFetch } from '../no-redirect-fetch';

/** What the playground shows of a connected server (MCP `initialize`). */
export type McpServerInfo = {
  name: string;
  version: string;
  /** Which of tools, resources, prompts and logging it offers. */
  capabilities: string[];
  instructions?: string;
  transport: 'streamable-http' | 'sse';
};

export type McpConnection = {
  info: McpServerInfo;
  /** Every tool, following `nextCursor` until the list ends (at most `maxPages` pages). */
  listTools(maxPages?: number): Promise<Tool[]>;
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult>;
  close(): Promise<void>;
};

const CLIENT = { name: 'tool-playground', version: '0.11.0' };

/**
 * Connects to an MCP server over Streamable HTTP, falling back to the older HTTP+SSE
 * transport when the server refuses it (the SDK's own pattern). Requests carry `headers`
 * (e.g. Authorization) and never follow a redirect. The URL must already have passed the
 * base-URL policy.
 */
export async function connectMcpServer(url: string, headers: Record<string, string> = {}): Promise<McpConnection> {
  const fetch = createNoRedirectFetch();
  const requestInit = { headers };
  let client = new Client(CLIENT);
  let transport: 'streamable-http' | 'sse' = 'streamable-http';
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch, requestInit }));
  } catch (streamableError) {
    client = new Client(CLIENT);
    transport = 'sse';
    try {
      await client.connect(new SSEClientTransport(new URL(url), { fetch, requestInit }));
    } catch {
      throw streamableError;
    }
  }
  const version = client.getServerVersion();
  const capabilities = client.getServerCapabilities() ?? {};
  const info: McpServerInfo = {
    name: version?.name ?? new URL(url).host,
    version: version?.version ?? '',
    capabilities: Object.keys(capabilities).filter((key) => key !== 'experimental'),
    instructions: client.getInstructions(),
    transport,
  };
  return {
    info,
    async listTools(maxPages = 20) {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < maxPages; page++) {
        const result = await client.listTools(cursor ? { cursor } : undefined);
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    callTool: async (name, args, signal) =>
      (await client.callTool({ name, arguments: args }, undefined, { signal })) as CallToolResult,
    close: () => client.close(),
  };
}
