import 'server-only';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type Tool,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createNoRedirectFetch } from '../no-redirect-fetch';
import packageJson from '../../../package.json';

/** What the playground shows of a connected server (MCP `initialize`). */
export type McpServerInfo = {
  name: string;
  version: string;
  /** Which of tools, resources, prompts and logging it offers. */
  capabilities: string[];
  instructions?: string;
  transport: 'streamable-http' | 'sse' | 'stdio';
};

/** A `notifications/progress` of a running call. */
export type McpProgress = { progress: number; total?: number; message?: string };

export type McpCallOptions = {
  /** Aborting it sends the server `notifications/cancelled`. */
  signal?: AbortSignal;
  onProgress?: (progress: McpProgress) => void;
  /** Without progress for this long the call fails (progress restarts the clock), in ms. */
  timeoutMs?: number;
};

export type McpConnection = {
  info: McpServerInfo;
  /** Goes up each time the server says its tools changed (`notifications/tools/list_changed`). */
  toolsVersion(): number;
  /** Every tool, following `nextCursor` until the list ends (at most 20 pages). */
  listTools(): Promise<Tool[]>;
  /** `structuredContent` is checked against the tool's `outputSchema` by the SDK (a mismatch throws). */
  callTool(name: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<CallToolResult>;
  listResources(): Promise<Resource[]>;
  readResource(uri: string): Promise<ReadResourceResult>;
  listPrompts(): Promise<Prompt[]>;
  getPrompt(name: string, args: Record<string, string>): Promise<GetPromptResult>;
  close(): Promise<void>;
};

/** Who connects, as the server's logs see it: this playground and its version. */
const CLIENT = { name: 'tool-playground', version: packageJson.version };
const MAX_PAGES = 20;

/** Follows `nextCursor` until a list ends, at most `MAX_PAGES` pages. */
async function listAll<T>(page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let index = 0; index < MAX_PAGES; index++) {
    const result = await page(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/** An SDK client over a transport the caller made, with what the playground uses of it. */
export async function connectMcpClient(
  transport: Transport,
  kind: McpServerInfo['transport'],
  fallbackName: string,
): Promise<McpConnection> {
  const client = new Client(CLIENT);
  await client.connect(transport);
  return wrapClient(client, kind, fallbackName);
}

function wrapClient(client: Client, transport: McpServerInfo['transport'], fallbackName: string): McpConnection {
  const version = client.getServerVersion();
  const capabilities = client.getServerCapabilities() ?? {};
  let toolsVersion = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    toolsVersion++;
  });
  return {
    info: {
      name: version?.name ?? fallbackName,
      version: version?.version ?? '',
      capabilities: Object.keys(capabilities).filter((key) => key !== 'experimental'),
      instructions: client.getInstructions(),
      transport,
    },
    toolsVersion: () => toolsVersion,
    listTools: () =>
      listAll(async (cursor) => {
        const result = await client.listTools(cursor ? { cursor } : undefined);
        return { items: result.tools, nextCursor: result.nextCursor };
      }),
    callTool: async (name, args, { signal, onProgress, timeoutMs } = {}) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        signal,
        timeout: timeoutMs,
        resetTimeoutOnProgress: true,
        ...(onProgress
          ? {
              onprogress: ({ progress, total, message }) =>
                onProgress({ progress, ...(total === undefined ? {} : { total }), ...(message ? { message } : {}) }),
            }
          : {}),
      })) as CallToolResult,
    listResources: () =>
      capabilities.resources
        ? listAll(async (cursor) => {
            const result = await client.listResources(cursor ? { cursor } : undefined);
            return { items: result.resources, nextCursor: result.nextCursor };
          })
        : Promise.resolve([]),
    readResource: (uri) => client.readResource({ uri }),
    listPrompts: () =>
      capabilities.prompts
        ? listAll(async (cursor) => {
            const result = await client.listPrompts(cursor ? { cursor } : undefined);
            return { items: result.prompts, nextCursor: result.nextCursor };
          })
        : Promise.resolve([]),
    getPrompt: (name, args) => client.getPrompt({ name, arguments: args }),
    close: () => client.close(),
  };
}

/**
 * Connects to an MCP server over Streamable HTTP, falling back to the older HTTP+SSE
 * transport when the server refuses it (the SDK's own pattern). Requests carry `headers`
 * (e.g. Authorization) and never follow a redirect. The URL must already have passed the
 * base-URL policy.
 */
export async function connectMcpServer(url: string, headers: Record<string, string> = {}): Promise<McpConnection> {
  const fetch = createNoRedirectFetch();
  const requestInit = { headers };
  const host = new URL(url).host;
  try {
    return await connectMcpClient(
      new StreamableHTTPClientTransport(new URL(url), { fetch, requestInit }),
      'streamable-http',
      host,
    );
  } catch (streamableError) {
    try {
      return await connectMcpClient(new SSEClientTransport(new URL(url), { fetch, requestInit }), 'sse', host);
    } catch {
      throw streamableError;
    }
  }
}

/**
 * Starts a local stdio server (only after `checkStdioRequest` allowed it). The child gets the
 * SDK's minimal environment (HOME, PATH, USER, …) — never this server's keys — and its stderr
 * is dropped.
 */
export function connectMcpStdio(command: string, args: readonly string[]): Promise<McpConnection> {
  return connectMcpClient(
    new StdioClientTransport({ command, args: [...args], env: getDefaultEnvironment(), stderr: 'ignore' }),
    'stdio',
    command,
  );
}
