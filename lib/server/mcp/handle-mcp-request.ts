import 'server-only';
import { ProtocolError, SdkError, SdkErrorCode, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import {
  MAX_MCP_CALL_TIMEOUT_MS,
  type McpRequest,
  mcpAnswerSchemas,
  mcpCallLineSchema,
  mcpRequestProblem,
  mcpRequestSchema,
} from '../../mcp/mcp-route';
import { checkBaseURL, readAllowedHosts } from '../base-url-policy';
import { readJsonBody } from '../read-json-body';
import { describeProviderError } from '../describe-provider-error';
import { redactSecrets } from '../redact-secrets';
import {
  createMcpConnections,
  McpConnectionsFullError,
  type McpConnections,
  type McpRequester,
} from './mcp-connections';
import { connectMcpServer, connectMcpStdio, type McpConnection } from './connect-mcp-server';
import { clientAddressOf, peerAddressOf } from '../client-address';
import { checkStdioRequest } from './stdio-gate';
import { checkMcpServer } from './check-mcp-server';
import { processShared } from '../server-process';
import { clip } from '@/lib/limits/clip';

/** What `POST /api/mcp` accepts (lib/mcp/mcp-route.ts: the contract both sides use). */
export { MAX_MCP_CALL_TIMEOUT_MS, mcpRequestSchema };

const MAX_BODY_BYTES = 1024 * 1024;

/** This server's connections, made on first use. */
const sharedConnections = (): McpConnections => processShared('mcp-connections', '', createMcpConnections);

const failure = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** The revisions the playground's client negotiates: the current one (its own handshake), then the initialize-era ones. */
const SPOKEN_REVISIONS = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];
const UNSUPPORTED_REVISION = "Server's protocol version is not supported: ";

/** The revision a server answered `initialize` with that the SDK refused (quoted, cut short), or undefined. */
function unspokenRevisionOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.message.startsWith(UNSUPPORTED_REVISION)) return undefined;
  return JSON.stringify(clip(error.message.slice(UNSUPPORTED_REVISION.length), 40));
}

/**
 * Why a connect failed, in one sentence whatever happened below HTTP or in it: a port nothing
 * listens on, one that closed the connection and one that answered something other than MCP
 * read the same, so the route tells nobody which loopback ports are open. Only a refusal of
 * the base-URL policy or the server's own MCP error says more.
 */
function connectFailedMessage(url: string, error: unknown, secrets: readonly string[]): string {
  if (error instanceof ProtocolError) return describeProviderError(error, `the MCP server at ${url}`, secrets);
  const revision = unspokenRevisionOf(error);
  if (revision !== undefined)
    return redactSecrets(
      `The MCP server at ${url} answered in protocol revision ${revision}, which the playground's MCP client does not speak (it speaks ${SPOKEN_REVISIONS.join(', ')}).`,
      secrets,
    );
  return redactSecrets(
    `Could not connect to an MCP server at ${url}: nothing there answered as one. Is the server running, the URL right (…/mcp or …/sse), and does it need headers?`,
    secrets,
  );
}

/** A failed request to a connected server, in a word the page can act on and a sentence. */
function describeServerError(error: unknown, serverName: string): { code: string; message: string } {
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return { code: 'timeout', message: `The MCP server ${serverName} sent nothing for too long: ${error.message}.` };
  if (error instanceof Error && error.name === 'AbortError')
    return { code: 'cancelled', message: `The call was cancelled; the MCP server ${serverName} was told.` };
  return { code: 'server_error', message: describeProviderError(error, `The MCP server ${serverName}`, []) };
}

/**
 * A tool call as newline-delimited JSON: `progress` lines while it runs, an `input` line for each
 * question the server asks the person (answered by the `answer` action), then one `result`
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
          controller.enqueue(encoder.encode(`${JSON.stringify(mcpCallLineSchema.parse(line))}\n`));
        } catch {
          // The page went away; the signal cancels the call.
        }
      };
      try {
        const result = await connection.callTool(input.name, input.arguments, {
          signal,
          timeoutMs: input.timeoutMs,
          onProgress: (progress) => send({ type: 'progress', ...progress }),
          onQuestion: (question) => send({ type: 'input', input: question }),
          ...(input.wire
            ? {
                wire: {
                  onExchange: (exchange) => send({ type: 'wire', exchange }),
                  onOmitted: (count) => send({ type: 'wire-omitted', count }),
                },
              }
            : {}),
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

/** One `Check this server` at a time in this process: each runs the suite in a child process. */
const checkLock = (): { busy: boolean } => processShared('mcp-check-lock', '', () => ({ busy: false }));

/** `Check this server` on an HTTP server: the conformance suite and the playground's own checks. */
async function checkServer(connection: McpConnection): Promise<Response> {
  if (!connection.url)
    return failure(
      400,
      'not_checkable',
      'A local (stdio) server cannot be checked here: the conformance suite tests an HTTP server. Serve it over Streamable HTTP and connect that.',
    );
  const lock = checkLock();
  if (lock.busy)
    return failure(429, 'check_running', 'Another server check is running on this playground: try again in a minute.');
  lock.busy = true;
  try {
    return Response.json(mcpAnswerSchemas.check.parse(await checkMcpServer(connection, connection.url)));
  } catch (error) {
    const { code, message } = describeServerError(error, connection.info.name);
    return failure(502, code, message);
  } finally {
    lock.busy = false;
  }
}

/** What a connect answers: the connection, who the server is, what it listed, the page's identity. */
const connectAnswer = (
  { id, ...opened }: Awaited<ReturnType<McpConnections['open']>>,
  requester: McpRequester | undefined,
) =>
  Response.json(
    mcpAnswerSchemas.connect.parse({ connectionId: id, server: opened.info, ...opened, page: requester?.page }),
  );

/** What an action on an open connection answers, through its contract. */
async function answer(
  connection: McpConnection,
  input: Exclude<McpRequest, { action: 'connect' | 'connect-stdio' | 'call' | 'answer' | 'check' }>,
) {
  const through = mcpAnswerSchemas[input.action];
  switch (input.action) {
    case 'tools':
      return through.parse({
        tools: await connection.listTools(),
        leftOut: connection.leftOutTools(),
        toolsVersion: connection.toolsVersion(),
      });
    case 'status':
      return through.parse({ toolsVersion: connection.toolsVersion() });
    case 'resources':
      return through.parse({ resources: await connection.listResources() });
    case 'read-resource':
      return through.parse({ resource: await connection.readResource(input.uri) });
    case 'prompts':
      return through.parse({ prompts: await connection.listPrompts() });
    case 'get-prompt':
      return through.parse({ prompt: await connection.getPrompt(input.name, input.arguments) });
    case 'disconnect':
      return through.parse({ ok: true });
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
  if (!parsed.success) return failure(400, 'invalid_body', mcpRequestProblem(parsed.error));
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
      return connectAnswer(
        await connections.open(() => connectMcpServer(input.url, input.headers ?? {}), requester),
        requester,
      );
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
      return connectAnswer(
        await connections.open(() => connectMcpStdio(input.command, input.args), requester),
        requester,
      );
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
  if (input.action === 'check') return checkServer(connection);
  if (input.action === 'answer')
    return connection.answerQuestion(input.inputId, input.answer)
      ? Response.json(mcpAnswerSchemas.answer.parse({ ok: true }))
      : failure(
          404,
          'no_question',
          'That question is no longer waiting: the call ended, was stopped, or waited too long.',
        );
  try {
    const result = await answer(connection, input);
    if (input.action === 'disconnect') await connections.close(input.connectionId);
    return Response.json(result);
  } catch (error) {
    const { code, message } = describeServerError(error, connection.info.name);
    return failure(502, code, message);
  }
}
