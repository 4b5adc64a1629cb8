import 'server-only';
import { z } from 'zod';
import { checkBaseURL, readAllowedHosts } from '../base-url-policy';
import { readJsonBody } from '../read-json-body';
import { describeProviderError } from '../describe-provider-error';
import { createMcpConnections, type McpConnections } from './mcp-connections';

const connectionId = z.string().regex(/^mcp-[A-Za-z0-9]{32}$/, 'must be a connection id from "connect"');

/** What `POST /api/mcp` accepts: connect, list the tools again, call one, disconnect. */
export const mcpRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('connect'),
    url: z.string().max(2_000),
    /** E.g. Authorization: held by the connection, never answered, logged or stored. */
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name'), z.string().max(8_000))
      .refine((headers) => Object.keys(headers).length <= 20, 'may hold at most 20 headers')
      .optional(),
  }),
  z.object({ action: z.literal('tools'), connectionId }),
  z.object({
    action: z.literal('call'),
    connectionId,
    name: z.string().min(1).max(200),
    arguments: z.record(z.string(), z.unknown()),
  }),
  z.object({ action: z.literal('disconnect'), connectionId }),
]);

const MAX_BODY_BYTES = 1024 * 1024;

let serverConnections: McpConnections | undefined;
/** This server's connections, made on first use. */
function sharedConnections(): McpConnections {
  serverConnections ??= createMcpConnections();
  return serverConnections;
}

const failure = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

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
    const issue = parsed.error.issues[0];
    return failure(400, 'invalid_body', `Invalid field "${issue.path.join('.') || '(body)'}": ${issue.message}.`);
  }
  const input = parsed.data;
  if (input.action === 'connect') {
    const allowed = checkBaseURL(input.url, readAllowedHosts(env));
    if (!allowed.ok) return failure(400, 'url_refused', allowed.message.replace('base URLs', 'MCP servers'));
    const secrets = Object.values(input.headers ?? {});
    try {
      const { id, info, tools } = await connections.open(input.url, input.headers ?? {});
      return Response.json({ connectionId: id, server: info, tools });
    } catch (error) {
      return failure(502, 'connect_failed', describeProviderError(error, `the MCP server at ${input.url}`, secrets));
    }
  }
  const connection = connections.get(input.connectionId);
  if (!connection)
    return failure(
      404,
      'not_connected',
      'That MCP connection is closed (the server restarted or it was idle); connect again.',
    );
  try {
    if (input.action === 'tools') return Response.json({ tools: await connection.listTools() });
    if (input.action === 'call')
      return Response.json({ result: await connection.callTool(input.name, input.arguments, request.signal) });
    await connections.close(input.connectionId);
    return Response.json({ ok: true });
  } catch (error) {
    return failure(502, 'server_error', describeProviderError(error, `The MCP server ${connection.info.name}`, []));
  }
}
