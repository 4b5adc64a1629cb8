import 'server-only';
import type { CallToolResult, Client, JSONRPCMessage, Tool, Transport } from '@modelcontextprotocol/client';
import {
  type ApplicationElicitResult,
  createTaskSessionFromClient,
  type JsonRpcResponse,
  resultFromTaskOutcome,
  type TaskEnabledSession,
  toolDeclarationFromMcpTool,
} from '@modelcontextprotocol/ext-tasks/client';
import type { TaskProgress } from './mcp-task-call';

/** The Tasks extension of 2026-07-28 (SEP-2663). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Whether a 2026-07-28 server offers the Tasks extension (its `server/discover` capabilities name it). */
export function offersTasksExtension(client: Client): boolean {
  if (client.getProtocolEra() !== 'modern') return false;
  const extension = (client.getServerCapabilities()?.extensions as Record<string, unknown> | undefined)?.[
    TASKS_EXTENSION
  ];
  return typeof extension === 'object' && extension !== null && !Array.isArray(extension);
}

/**
 * Whether a server refused a call because it runs only as a task and the request did not declare
 * the extension (`-32021` Missing Required Client Capability, naming it): the way a 2026-07-28
 * server says a tool needs it — a tool there declares no task support of its own.
 */
export function needsTasksExtension(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, data } = error as { code?: unknown; data?: { requiredCapabilities?: { extensions?: unknown } } };
  const extensions = data?.requiredCapabilities?.extensions;
  return code === -32021 && typeof extensions === 'object' && extensions !== null && TASKS_EXTENSION in extensions;
}

/**
 * A JSON-RPC channel of its own to the server, for the requests the SDK's 2026 codec refuses (a
 * `tools/call` answered with a task, `tasks/*`): a second transport to the same address (2026-07-28
 * is stateless), which sets the revision's headers from each request's `_meta` as the SDK's own
 * does. Each request waits for the answer with its id; an abort rejects it.
 */
function createRawDispatch(makeTransport: () => Transport) {
  let transport: Promise<Transport> | undefined;
  const waiting = new Map<string, (response: JsonRpcResponse) => void>();
  let next = 0;
  const open = () => {
    transport ??= (async () => {
      const made = makeTransport();
      made.onmessage = (message: JSONRPCMessage) => {
        const { id, result, error } = message as { id?: unknown; result?: unknown; error?: unknown };
        const resolve = typeof id === 'string' ? waiting.get(id) : undefined;
        if (!resolve) return;
        waiting.delete(id as string);
        resolve(
          error === undefined
            ? { kind: 'result', result: result as never }
            : { kind: 'error', error: error as Extract<JsonRpcResponse, { kind: 'error' }>['error'] },
        );
      };
      await made.start();
      return made;
    })();
    return transport;
  };
  return {
    async dispatch(request: unknown, options: { signal?: AbortSignal } = {}): Promise<JsonRpcResponse> {
      const id = `task-${++next}`;
      const answered = new Promise<JsonRpcResponse>((resolve, reject) => {
        waiting.set(id, resolve);
        options.signal?.addEventListener(
          'abort',
          () => {
            waiting.delete(id);
            reject(options.signal?.reason);
          },
          { once: true },
        );
      });
      // Handled here too: when the send itself fails, nobody awaits this one (an abort would reject it unheard).
      answered.catch(() => undefined);
      try {
        await (await open()).send({ jsonrpc: '2.0', id, ...(request as object) } as JSONRPCMessage);
      } catch (error) {
        // Refused before any answer (an HTTP error, the server gone): nothing will come for this id.
        waiting.delete(id);
        throw error;
      }
      return answered;
    },
    async close() {
      await (await transport)?.close().catch(() => undefined);
    },
  };
}

/** What a call as a task needs to ask the person a question the task asks (a form or a page). */
export type TaskQuestion = (params: Record<string, unknown>) => Promise<ApplicationElicitResult>;

/**
 * The Tasks extension for one connection, made on its first task: `@modelcontextprotocol/ext-tasks`
 * over the SDK's client, with the raw channel for what the SDK's codec refuses. A tool call that the
 * server answers with a task is followed to its end — each status a progress line, each question
 * (`input_required` with `inputRequests`) asked through `ask` and answered with `tasks/update`, an
 * abort sent as `tasks/cancel`.
 */
export function createTasksV2(
  client: Client,
  {
    endpoint,
    makeTransport,
    clientInfo,
    clientCapabilities,
    ask,
  }: {
    endpoint: string;
    makeTransport: () => Transport;
    clientInfo: { name: string; version: string };
    clientCapabilities: Record<string, unknown>;
    /** Asks the person (in the caller's question scope); without anyone to ask, cancels. */
    ask: TaskQuestion;
  },
) {
  let session: TaskEnabledSession | undefined;
  const raw = createRawDispatch(makeTransport);
  const sessionOf = () => {
    session ??= createTaskSessionFromClient(client, {
      endpointId: endpoint,
      rawDispatch: (request, options) => raw.dispatch(request, options),
      v2RequestFraming: {
        protocolVersion: client.getNegotiatedProtocolVersion() ?? '2026-07-28',
        clientInfo,
        clientCapabilities: clientCapabilities as never,
      },
      onInputRequest: async (request) => {
        if (request.kind !== 'elicitation') throw new Error(`The playground does not answer ${request.kind} requests.`);
        return (await ask(request.params as Record<string, unknown>)) as never;
      },
    });
    return session;
  };
  return {
    /** Calls the tool `name` (as listed: `tool`) through the extension: its immediate result, or its task's once it ends. */
    async call(
      tool: Tool | undefined,
      name: string,
      args: Record<string, unknown>,
      { signal, onChange }: { signal: AbortSignal; onChange: (progress: TaskProgress) => void },
    ): Promise<CallToolResult> {
      const execution = await sessionOf().callTool(name, args as never, {
        signal,
        ...(tool ? { declaration: toolDeclarationFromMcpTool(tool) } : {}),
      });
      // Stop: `tasks/cancel` (giving up on the outcome alone would leave the task running).
      const cancel = () => void execution.cancel().catch(() => undefined);
      if (signal.aborted) cancel();
      signal.addEventListener('abort', cancel, { once: true });
      let last = '';
      const { outcome } = await execution.settle({
        signal,
        onEvent: (event) => {
          if (event.type !== 'task') return;
          const { status, statusMessage } = event.task;
          if (`${status}\n${statusMessage ?? ''}` === last) return;
          last = `${status}\n${statusMessage ?? ''}`;
          onChange({ status, ...(statusMessage ? { message: statusMessage } : {}) } as TaskProgress);
        },
      });
      signal.removeEventListener('abort', cancel);
      return resultFromTaskOutcome(outcome) as CallToolResult;
    },
    async close() {
      await session?.close().catch(() => undefined);
      await raw.close();
    },
  };
}

export type TasksV2 = ReturnType<typeof createTasksV2>;
