// An MCP server on the SDK's v2 packages (`@modelcontextprotocol/server` and `/node`), which
// speaks the 2026-07-28 revision beside the 2025 ones: what the tests connect to for the current
// revision (the reference "everything" server speaks 2025-11-25). The SDK's own serving entry
// (`createMcpHandler`: a fresh server per request, 2026-07-28 and stateless 2025 traffic), on
// loopback.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { acceptedContent, createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createTasksLayer, TASK_TOOL } from './mcp-tasks-v2-layer.ts';

export type ModernMcpServer = {
  url: string;
  /** How many of its tasks (the Tasks extension) are under way. */
  openTasks(): number;
  close(): Promise<void>;
};

/**
 * The server's tools: `echo` (text), `tally` (structured content that is an array, as
 * 2026-07-28 allows), `regional_echo` (an `x-mcp-header` that is no HTTP token), `greet` (asks
 * the person their name first: an `input_required` result).
 */
function makeServer(): McpServer {
  const server = new McpServer({ name: 'modern-test-server', version: '2.4.0' });
  server.registerTool(
    'echo',
    {
      description: 'Says the message back.',
      inputSchema: z.object({ message: z.string() }),
      annotations: { readOnlyHint: true },
    },
    async ({ message }) => ({ content: [{ type: 'text', text: `Echo: ${message}` }] }),
  );
  server.registerTool(
    'tally',
    {
      description: 'Counts from 1 to `to`, as structured content.',
      inputSchema: z.object({ to: z.number().int().min(1).max(10) }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ to }) => {
      const counted = Array.from({ length: to }, (_, index) => index + 1);
      return { content: [{ type: 'text', text: counted.join(', ') }], structuredContent: counted };
    },
  );
  // A header name with a space is no HTTP token: on 2026-07-28 over HTTP the SDK's client leaves
  // the tool out of the list (it could not send the `Mcp-Param-` header), the playground says so.
  server.registerTool(
    'regional_echo',
    {
      description: 'Says the message back, in a region.',
      inputSchema: z.object({ message: z.string(), region: z.string().meta({ 'x-mcp-header': 'Has Space' }) }),
    },
    async ({ message, region }) => ({ content: [{ type: 'text', text: `Echo from ${region}: ${message}` }] }),
  );
  const nameSchema = z.object({ name: z.string().describe('Your name') });
  server.registerTool(
    'greet',
    { description: 'Asks your name, then greets you.', inputSchema: z.object({}) },
    async (_args, ctx) => {
      const responses = ctx.mcpReq.inputResponses;
      const answered = acceptedContent(responses, 'name', nameSchema);
      if (answered) return { content: [{ type: 'text', text: `Hello, ${answered.name}!` }] };
      if (responses && 'name' in responses) return { content: [{ type: 'text', text: 'No name given.' }] };
      return inputRequired({
        inputRequests: { name: inputRequired.elicit({ message: 'What is your name?', requestedSchema: nameSchema }) },
      });
    },
  );
  // Runs as a task (the Tasks extension, served by testing/mcp-tasks-v2-layer.ts in front of this
  // server): the layer answers its calls; this handler is never reached.
  server.registerTool(
    TASK_TOOL,
    {
      description: 'Writes the quarterly report, as a task: asks which quarter, then writes it.',
      inputSchema: z.object({}),
    },
    async () => ({ content: [{ type: 'text', text: 'Only as a task.' }], isError: true }),
  );
  return server;
}

/**
 * What a misbehaving server says instead: given the JSON-RPC request and the message the SDK
 * answered it with (a JSON answer, or each event of a stream), the message to send, or
 * undefined to send the SDK's. For the bad-input tests: a server that lies about its revision,
 * answers with a malformed `input_required`, sends a 10 MB result, or a schema with a cycle.
 */
export type RewriteAnswer = (request: { method?: string; params?: unknown }, answer: unknown) => unknown;

async function rewritten(response: Response, request: { method?: string }, rewrite: RewriteAnswer): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const change = (json: string) => {
    const replaced = rewrite(request, JSON.parse(json));
    return replaced === undefined ? json : JSON.stringify(replaced);
  };
  const body = type.includes('text/event-stream')
    ? text
        .split('\n')
        .map((line) => (line.startsWith('data: ') && line.length > 6 ? `data: ${change(line.slice(6))}` : line))
        .join('\n')
    : type.includes('json') && text
      ? change(text)
      : text;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, headers });
}

/** Starts the server on `port` of loopback (a free one by default); its MCP endpoint is `url`. */
export async function startModernMcpServer(port = 0, rewrite?: RewriteAnswer): Promise<ModernMcpServer> {
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const handler = createMcpHandler(makeServer);
  const tasks = createTasksLayer();
  // The extension's additions first (its capability, the tool's task support), then the test's own rewrite.
  const amend: RewriteAnswer = (request, answer) => {
    const amended = tasks.amend(request as never, answer as Record<string, unknown>);
    return rewrite?.(request, amended) ?? amended;
  };
  const serve = toNodeHandler({
    ...handler,
    fetch: async (request: Request, options) => {
      const sent =
        request.method === 'POST'
          ? await request
              .clone()
              .json()
              .catch(() => ({}))
          : {};
      return tasks.serve(sent) ?? rewritten(await handler.fetch(request, options), sent, amend);
    },
  });
  const http = createServer((request, response) => {
    if (!validateHost(request, response) || !validateOrigin(request, response)) return;
    void serve(request, response);
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const { port: listening } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}/mcp`,
    openTasks: tasks.open,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
    },
  };
}
