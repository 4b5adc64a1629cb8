import 'server-only';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { checkBaseURL, readAllowedHosts } from '../base-url-policy';
import { readJsonBody } from '../read-json-body';
import { describeProviderError } from '../describe-provider-error';
import { redactSecrets } from '../redact-secrets';
import { createMcpConnections, McpConnectionsFullError, type McpConnections } from './mcp-connections';
import { connectMcpServer, connectMcpStdio, type McpConnection } from './connect-mcp-server';
import { clientAddressOf, peerAddressOf } from '../client-address';
import { checkStdioRequest } from './stdio-gate';
import { processShared } from '../server-process';
import { firstIssue } from '../../limits/first-issue';

const connectionId = z.string().regex(/^mcp-[A-Za-z0-9]{32}$/, 'must be a connection id from "connect"');
/**
 * The page identity this server issued to the page at its first connect (`page` in the
 * answer): its connections count against its own quota. One the server did not issue is
 * replaced by a new one, never taken as given.
 */
const page = z.string().max(100).optional();

/** Longest a call may go without progress, in ms (the page sends the tool's own limit). */
export const MAX_MCP_CALL_TIMEOUT_MS = 10 * 60_000;

/** What `POST /api/mcp` accepts: connect, list again, call a tool, resources, prompts, disconnect. */
export const mcpRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('connect'),
    url: z.string().max(2_000),
    page,
    /** E.g. Authorization: held by the connection, never answered, logged or stored. */
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name'), z.string().max(8_000))
      .refine((headers) => Object.keys(headers).length <= 20, 'may hold at most 20 headers')
      .optional(),
  }),
  /** A local stdio server: only when the operator allows the command, on loopback, with this start's token. */
  z.object({
    action: z.literal('connect-stdio'),
    page,
    command: z.string().min(1).max(500),
    args: z.array(z.string().max(2_000)).max(50).default([]),
    token: z.string().max(200),
  }),
  z.object({ action: z.literal('tools'), connectionId }),
  /** Whether the connection is open and how often its tools changed (no traffic to the MCP server). */
  z.object({ action: z.literal('status'), connectionId }),
  z.object({
    action: z.literal('call'),
    connectionId,
    name: z.string().min(1).max(200),
    arguments: z.record(z.string(), z.unknown()),
    timeoutMs: z.number().int().min(100).max(MAX_MCP_CALL_TIMEOUT_MS).optional(),
  }),
  z.object({ action: z.literal('resources'), connectionId }),
  z.object({ action: z.literal('read-resource'), connectionId, uri: z.string().min(1).max(2_000) }),
  z.object({ action: z.literal('prompts'), connectionId }),
  z.object({
    action: z.literal('get-prompt'),
    connectionId,
    name: z.string().min(1).max(200),
    arguments: z.record(z.string().max(200), z.string().max(20_000)).default({}),
  }),
  z.object({ action: z.literal('disconnect'), connectionId }),
]);
type McpRequest = z.infer<typeof mcpRequestSchema>;

const MAX_BODY_BYTES = 1024 * 1024;

/** This server's connections, made on first use. */
const sharedConnections = (): McpConnections => processShared('mcp-connections', '', createMcpConnections);

const failure = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/**
 * Why a connect failed, in one sentence whatever happened below HTTP or in it: a port nothing
 * listens on, one that closed the connection and one that answered something other than MCP
 * read the same, so the route tells nobody which loopback ports are open. Only a refusal of
 * the base-URL policy or the server's own MCP error says more.
 */
function connectFailedMessage(url: string, error: unknown, secrets: readonly string[]): string {
  if (error instanceof McpError) return describeProviderError(error, `the MCP server at ${url}`, secrets);
  return redactSecrets(
    `Could not connect to an MCP server at ${url}: nothing there answered as one. Is the server running, the URL right (…/mcp or …/sse), and does it need headers?`,
    secrets,
  );
}

/** A failed request to a connected server, in a word the page can act on and a sentence. */
function describeServerError(error: unknown, serverName: string): { code: string; message: string } {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return { code: 'timeout', message: `The MCP server ${serverName} sent nothing for too long: ${error.message}.` };
  if (error instanceof Error && error.name === 'AbortError')
    return { code: 'cancelled', message: `The call was cancelled; the MCP server ${serverName} was told.` };
  return { code: 'server_error', message: describeProviderError(error, `The MCP server ${serverName}`, []) };
}

/**
 * A tool call as newline-delimited JSON: `progress` lines while it runs, then one `result`
 * (the MCP `CallToolResult` as the server sent it) or `error`. The request's signal is the
 * call's: when the page gives up, the SDK sends the server `notifications/cancelled`.
 */
function streamCall(
  connection: McpConnection,
  input: Extract<McpRequest, { action: 'call' }>,
  signal: AbortSignal,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          // The page went away; the signal cancels the call.
        }
      };
      try {
        const result = await connection.callTool(input.name, input.arguments, {
          signal,
          timeoutMs: input.timeoutMs,
          onProgress: (progress) => send({ type: 'progress', ...progress }),
        });
        send({ type: 'result', result, toolsVersion: connection.toolsVersion() });
      } catch (error) {
        send({ type: 'error', error: describeServerError(error, connection.info.name) });
      }
      try {
        controller.close();
      } catch {
        // Already cancelled by the page.
      }
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' } });
}

async function answer(
  connection: McpConnection,
  input: Exclude<McpRequest, { action: 'connect' | 'connect-stdio' | 'call' }>,
) {
  switch (input.action) {
    case 'tools':
      return { tools: await connection.listTools(), toolsVersion: connection.toolsVersion() };
    case 'status':
      return { toolsVersion: connection.toolsVersion() };
    case 'resources':
      return { resources: await connection.listResources() };
    case 'read-resource':
      return { resource: await connection.readResource(input.uri) };
    case 'prompts':
      return { prompts: await connection.listPrompts() };
    case 'get-prompt':
      return { prompt: await connection.getPrompt(input.name, input.arguments) };
    case 'disconnect':
      return { ok: true };
  }
}

/**
 * `POST /api/mcp`: the page's way to an MCP server, through the official SDK client on this
 * server — under the providers' base-URL policy (loopback and PLAYGROUND_ALLOWED_HOSTS), no
 * redirects, headers never echoed; errors say what failed, with any header value removed.
 */
export async function handleMcpRequest(
  request: Request,
  env: Record<string, string | undefined>,
  connections: McpConnections = sharedConnections(),
): Promise<Response> {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return failure(body.code === 'body_too_large' ? 413 : 400, body.code, body.message);
  const parsed = mcpRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const { where, why } = firstIssue(parsed.error, '(body)');
    return failure(400, 'invalid_body', `Invalid field "${where}": ${why}.`);
  }
  const input = parsed.data;
  const requester =
    input.action === 'connect' || input.action === 'connect-stdio'
      ? { page: connections.pageOf(input.page), address: clientAddressOf(request, env) ?? 'unknown' }
      : undefined;
  if (input.action === 'connect') {
    const allowed = checkBaseURL(input.url, readAllowedHosts(env));
    if (!allowed.ok) return failure(400, 'url_refused', allowed.message.replace('base URLs', 'MCP servers'));
    const secrets = Object.values(input.headers ?? {});
    try {
      const { id, info, tools, toolsVersion } = await connections.open(
        () => connectMcpServer(input.url, input.headers ?? {}),
        requester,
      );
      return Response.json({ connectionId: id, server: info, tools, toolsVersion, page: requester?.page });
    } catch (error) {
      if (error instanceof McpConnectionsFullError) return failure(503, 'too_many_connections', error.message);
      return failure(502, 'connect_failed', connectFailedMessage(input.url, error, secrets));
    }
  }
  if (input.action === 'connect-stdio') {
    const allowed = checkStdioRequest({
      env,
      host: request.headers.get('host') ?? new URL(request.url).host,
      origin: request.headers.get('origin'),
      peer: peerAddressOf(request),
      client: clientAddressOf(request, env),
      token: input.token,
      command: input.command,
      args: input.args,
    });
    if (!allowed.ok) return failure(allowed.status, allowed.code, allowed.message);
    try {
      const { id, info, tools, toolsVersion } = await connections.open(
        () => connectMcpStdio(input.command, input.args),
        requester,
      );
      return Response.json({ connectionId: id, server: info, tools, toolsVersion, page: requester?.page });
    } catch (error) {
      if (error instanceof McpConnectionsFullError) return failure(503, 'too_many_connections', error.message);
      return failure(502, 'connect_failed', describeProviderError(error, `the local server "${input.command}"`, []));
    }
  }
  const connection = connections.get(input.connectionId);
  if (!connection)
    return connections.heldElsewhere(input.connectionId)
      ? failure(
          404,
          'held_elsewhere',
          'That MCP connection was opened by another instance of this playground, or by this one before it restarted: a connection lives in the process that opened it. On several instances, pin each session to one (sticky sessions at the load balancer); either way, connect again.',
        )
      : failure(
          404,
          'not_connected',
          'That MCP connection is closed (the server restarted or it was idle); connect again.',
        );
  if (input.action === 'call') return streamCall(connection, input, request.signal);
  try {
    const result = await answer(connection, input);
    if (input.action === 'disconnect') await connections.close(input.connectionId);
    return Response.json(result);
  } catch (error) {
    const { code, message } = describeServerError(error, connection.info.name);
    return failure(502, code, message);
  }
}
