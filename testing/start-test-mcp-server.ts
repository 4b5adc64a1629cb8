import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

export type TestMcpServer = {
  url: string;
  /** Names of the calls whose request the client cancelled (`notifications/cancelled` arrived). */
  cancelled: string[];
  /** Sessions the client ended with Streamable HTTP's `DELETE` (the server's own `onsessionclosed`). */
  ended: string[];
  close(): Promise<void>;
};

const object = (properties: Record<string, object> = {}, required: string[] = []) => ({
  type: 'object' as const,
  properties,
  required,
});

/** Two pages of tools; `add_tool` adds a third page's worth (and says the list changed). */
const PAGES: Tool[][] = [
  [
    {
      name: 'slow',
      description: 'Waits `pause_ms` in silence, then counts to `steps` reporting progress, unless cancelled.',
      inputSchema: object({ steps: { type: 'integer' }, pause_ms: { type: 'integer' } }, ['steps']),
      annotations: { readOnlyHint: true },
    },
    { name: 'flaky', description: 'Always reports a tool error.', inputSchema: object() },
  ],
  [
    {
      name: 'typed',
      description: 'Returns structured content, conforming unless `bad` is true.',
      inputSchema: object({ bad: { type: 'boolean' } }),
      outputSchema: object({ n: { type: 'number' } }, ['n']),
    },
    { name: 'throws', description: 'Fails with a JSON-RPC error.', inputSchema: object() },
    {
      name: 'add_tool',
      description: 'Adds a tool named extra_tool.',
      inputSchema: object(),
      annotations: { destructiveHint: true },
    },
  ],
  [
    {
      name: 'redos',
      description: 'Hostile: an output schema whose pattern backtracks exponentially on its own answer.',
      inputSchema: object(),
      outputSchema: object({ s: { type: 'string', pattern: '^(a+)+$' } }, ['s']),
    },
    { name: 'huge', description: 'Hostile: answers 6 MB of text.', inputSchema: object() },
  ],
];

/**
 * A small MCP server written with the SDK's low-level `Server` for what the reference server
 * does not exercise: a paginated `tools/list`, cancellation seen by the server, a tool error,
 * a JSON-RPC error, structured content against an output schema, `tools/list_changed` — and
 * two hostile tools (a backtracking output-schema pattern, a 6 MB answer).
 */
export async function startTestMcpServer(): Promise<TestMcpServer> {
  const cancelled: string[] = [];
  const ended: string[] = [];
  let extra = false;
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const servers = new Set<Server>();

  const makeServer = () => {
    const server = new Server(
      { name: 'test-mcp', version: '1.2.3' },
      { capabilities: { tools: { listChanged: true } } },
    );
    servers.add(server);
    server.setRequestHandler(ListToolsRequestSchema, ({ params }) => {
      const page = Number(params?.cursor ?? 0);
      const pages = extra
        ? [...PAGES, [{ name: 'extra_tool', description: 'Added later.', inputSchema: object() }]]
        : PAGES;
      return { tools: pages[page] ?? [], ...(page + 1 < pages.length ? { nextCursor: String(page + 1) } : {}) };
    });
    server.setRequestHandler(CallToolRequestSchema, async ({ params }, context) => {
      const args = (params.arguments ?? {}) as Record<string, unknown>;
      switch (params.name) {
        case 'slow': {
          const steps = Number(args.steps);
          await new Promise((resolve) => setTimeout(resolve, Number(args.pause_ms ?? 0)));
          for (let step = 1; step <= steps; step++) {
            if (context.signal.aborted) {
              cancelled.push('slow');
              throw new Error('cancelled');
            }
            const token = context._meta?.progressToken;
            if (token !== undefined)
              await context.sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress: step, total: steps, message: `step ${step}` },
              });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return { content: [{ type: 'text', text: `counted to ${steps}` }] };
        }
        case 'flaky':
          return { content: [{ type: 'text', text: 'the upstream service is down' }], isError: true };
        case 'typed':
          return args.bad
            ? { content: [{ type: 'text', text: '{"n":"one"}' }], structuredContent: { n: 'one' } }
            : { content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } };
        case 'redos':
          return {
            content: [{ type: 'text', text: 'see structured' }],
            structuredContent: { s: `${'a'.repeat(40)}!` },
          };
        case 'huge':
          return { content: [{ type: 'text', text: 'x'.repeat(6 * 1024 * 1024) }] };
        case 'add_tool':
          extra = true;
          await Promise.all([...servers].map((each) => each.sendToolListChanged().catch(() => undefined)));
          return { content: [{ type: 'text', text: 'added extra_tool' }] };
        default:
          throw new Error(`no tool named ${params.name}`);
      }
    });
    return server;
  };

  const http: HttpServer = createServer(async (request, response) => {
    const sessionId = request.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, transport as StreamableHTTPServerTransport);
        },
        onsessionclosed: (id) => {
          ended.push(id);
          transports.delete(id);
        },
      });
      await makeServer().connect(transport);
    }
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    cancelled,
    ended,
    close: async () => {
      await Promise.all([...servers].map((server) => server.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
