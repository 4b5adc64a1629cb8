import 'server-only';
import {
  type CallToolResult,
  Client,
  type GetPromptResult,
  type JsonSchemaType,
  type JsonSchemaValidator,
  type Prompt,
  type ReadResourceResult,
  SdkError,
  SdkErrorCode,
  type Resource,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createNoRedirectFetch } from '../no-redirect-fetch';
import { capResponseBodies } from './cap-response-bodies';
import { createRe2Validator } from './create-re2-validator';
import { createMcpQuestions, type McpQuestion, type McpQuestions, type QuestionSink } from './mcp-questions';
import { checkStructuredContent } from './check-structured-content';
import { DEFAULT_CALL_TIMEOUT_MS, silenceTimer, withinMs } from './call-clocks';
import { callsAsTask } from './mcp-task-call';
import { type McpProgress, sendCall } from './send-mcp-call';
import { createTasksV2, offersTasksExtension, type TasksV2 } from './mcp-task-call-v2';
import type { McpInputAnswer } from '../../shapes/mcp-input';
import packageJson from '../../../package.json';
import { type LeftOutTool, MAX_LEFT_OUT_TOOLS, type McpServerInfo } from '../../mcp/mcp-route';
import { listToolsPage } from './list-tools-page';
import { createMcpWire, type McpWire, type McpWireSink } from './mcp-wire';

/** What the playground shows of a connected server (MCP `initialize`). */
export type { McpServerInfo };

export type { McpProgress };

export type McpCallOptions = {
  /** Aborting it sends the server `notifications/cancelled`. */
  signal?: AbortSignal;
  onProgress?: (progress: McpProgress) => void;
  /** Without progress for this long the call fails (progress restarts the clock), in ms. */
  timeoutMs?: number;
  /** A question the server asks the person while the call runs (answered with `answerQuestion`); without it, each is cancelled. */
  onQuestion?: (question: McpQuestion) => void;
  /** Told each HTTP exchange with the server the call makes (a stdio server's are not recorded). */
  wire?: McpWireSink;
};

export type McpConnection = {
  info: McpServerInfo;
  /** Where an HTTP server is (what `Check this server` runs the suite against); none for stdio. */
  url?: string;
  /** Goes up each time the server says its tools changed (`notifications/tools/list_changed`). */
  toolsVersion(): number;
  /** Every tool, following `nextCursor` until the list ends (at most 20 pages). */
  listTools(): Promise<Tool[]>;
  /** The tools the last list left out (the SDK refuses to call them), and why. */
  leftOutTools(): readonly LeftOutTool[];
  /** `structuredContent` (any JSON value on 2026-07-28) is checked against the tool's `outputSchema` (a mismatch throws). */
  callTool(name: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<CallToolResult>;
  listResources(): Promise<Resource[]>;
  readResource(uri: string): Promise<ReadResourceResult>;
  listPrompts(): Promise<Prompt[]>;
  getPrompt(name: string, args: Record<string, string>): Promise<GetPromptResult>;
  /** The person's answer to a question a running call asked; false when none such waits. */
  answerQuestion(id: string, answer: McpInputAnswer): boolean;
  close(): Promise<void>;
};

/** Who connects, as the server's logs see it: this playground and its version. */
const CLIENT = { name: 'tool-playground', version: packageJson.version };
/**
 * Elicitation: the person answers, inside the run (2025: a request from the server; 2026-07-28: an
 * `input_required` result the SDK answers through the same handler, or a task's question) — a
 * form, or a page to open (URL mode: the answer says only whether they agreed to go).
 */
const CLIENT_CAPABILITIES = { elicitation: { form: {}, url: {} } };
const MAX_PAGES = 20;
/** Most items of a list (tools, resources, prompts) the playground reads from one server. */
export const MAX_MCP_LIST_ITEMS = 1_000;
/** Largest answer read from an MCP server over HTTP, in bytes (a page's chat request carries at most 5 MB). */
export const MAX_MCP_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Follows `nextCursor` until a list ends: at most `MAX_PAGES` pages and `MAX_MCP_LIST_ITEMS` items. */
async function listAll<T>(page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let index = 0; index < MAX_PAGES && items.length < MAX_MCP_LIST_ITEMS; index++) {
    const result = await page(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return items.slice(0, MAX_MCP_LIST_ITEMS);
}

/**
 * An SDK client over a transport the caller made, with what the playground uses of it. A
 * failed connect closes both (an SSE transport would otherwise go on reconnecting forever).
 */
export async function connectMcpClient(
  transport: Transport,
  kind: McpServerInfo['transport'],
  fallbackName: string,
  /** Hears an answer cut at the size cap: the calls under way then fail with it. */
  onCut?: (listener: (error: Error) => void) => void,
  /** Records a call's HTTP exchanges (its fetch is the transport's). */
  wire?: McpWire,
  /** Another transport to the same server, for what the SDK's codec refuses (the Tasks extension of 2026-07-28); HTTP only. */
  rawTransport?: () => Transport,
): Promise<McpConnection> {
  // The current revision (2026-07-28) where the server offers it (`server/discover`), the 2025
  // handshake (`initialize`) otherwise: the SDK's own negotiation.
  const client = new Client(CLIENT, {
    jsonSchemaValidator: createRe2Validator(),
    versionNegotiation: { mode: 'auto' },
    capabilities: CLIENT_CAPABILITIES,
  });
  const questions = createMcpQuestions();
  client.setRequestHandler('elicitation/create', (request) => questions.answerElicitation(request.params));
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
    throw error;
  }
  // The Tasks extension (2026-07-28), where the server offers it and there is a way to it.
  const tasksV2 =
    rawTransport && offersTasksExtension(client)
      ? createTasksV2(client, {
          endpoint: `${kind}:${fallbackName}`,
          makeTransport: rawTransport,
          clientInfo: CLIENT,
          clientCapabilities: CLIENT_CAPABILITIES,
          ask: async (params) => (await questions.answerElicitation(params as never)) as never,
        })
      : undefined;
  const connection = wrapClient(client, kind, fallbackName, questions, { onCut, wire, tasksV2 });
  return {
    ...connection,
    // Streamable HTTP ends the server's session with a DELETE (spec: session management)
    // before the client closes; a server that stalls on it is not waited for.
    close: async () => {
      if (transport instanceof StreamableHTTPClientTransport)
        await withinMs(transport.terminateSession(), SESSION_END_WAIT_MS).catch(() => undefined);
      await connection.close();
    },
  };
}

/** How long a disconnect waits for the server to end its session. */
const SESSION_END_WAIT_MS = 3_000;

function wrapClient(
  client: Client,
  transport: McpServerInfo['transport'],
  fallbackName: string,
  questions: McpQuestions,
  { onCut, wire, tasksV2 }: { onCut?: (listener: (error: Error) => void) => void; wire?: McpWire; tasksV2?: TasksV2 },
): McpConnection {
  const validators = createRe2Validator();
  // Calls under way: an answer cut at the size cap fails them (an SSE answer would otherwise wait for its timeout).
  const running = new Set<AbortController>();
  onCut?.((error) => {
    for (const call of running) call.abort(error);
  });
  /** Each listed tool's output validator (made on first use), from every page of the last full list. */
  const outputValidators = new Map<string, () => JsonSchemaValidator<unknown>>();
  /** Each listed tool's `execution.taskSupport` (MCP tasks), where it says one. */
  const taskSupport = new Map<string, string>();
  /** Each listed tool as the server listed it. */
  const listed = new Map<string, Tool>();
  const version = client.getServerVersion();
  const capabilities = client.getServerCapabilities() ?? {};
  let toolsVersion = 0;
  let leftOut: LeftOutTool[] = [];
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    toolsVersion++;
  });
  return {
    info: {
      name: version?.name ?? fallbackName,
      version: version?.version ?? '',
      capabilities: Object.keys(capabilities).filter((key) => key !== 'experimental'),
      instructions: client.getInstructions(),
      transport,
      protocolVersion: client.getNegotiatedProtocolVersion(),
    },
    toolsVersion: () => toolsVersion,
    leftOutTools: () => leftOut,
    listTools: async () => {
      const dropped: LeftOutTool[] = [];
      const tools = await listAll(async (cursor) => {
        const page = await listToolsPage(client, cursor);
        dropped.push(...page.leftOut);
        return page;
      });
      leftOut = dropped.slice(0, MAX_LEFT_OUT_TOOLS);
      outputValidators.clear();
      taskSupport.clear();
      listed.clear();
      for (const tool of tools) {
        const support = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
        if (typeof support === 'string') taskSupport.set(tool.name, support);
        listed.set(tool.name, tool);
        const schema = tool.outputSchema;
        if (!schema) continue;
        let made: JsonSchemaValidator<unknown> | undefined;
        outputValidators.set(tool.name, () => {
          made ??= validators.getValidator(schema as JsonSchemaType);
          return made;
        });
      }
      return tools;
    },
    callTool: async (name, args, { signal, onProgress, timeoutMs, onQuestion, wire: sink } = {}) => {
      const call = new AbortController();
      const stop = () => call.abort(signal?.reason);
      if (signal?.aborted) stop();
      signal?.addEventListener('abort', stop, { once: true });
      running.add(call);
      // The call's silence: without progress for `timeoutMs` it fails, not counting the time a
      // question waits for the person (the SDK's own timer cannot be paused).
      const silence = silenceTimer(timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, () =>
        call.abort(
          new SdkError(SdkErrorCode.RequestTimeout, `no answer for ${timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS} ms`),
        ),
      );
      const asking: QuestionSink = {
        rounds: 0,
        signal: call.signal,
        onQuestion: onQuestion ?? (() => undefined),
        onWaiting: (waiting) => (waiting ? silence.pause() : silence.restart()),
      };
      const asTask = callsAsTask(taskSupport.get(name), capabilities, client.getNegotiatedProtocolVersion());
      const tasks = tasksV2 ? { tool: listed.get(name), extension: tasksV2 } : undefined;
      try {
        const send = () =>
          sendCall(client, { name, args, asTask, tasks, signal: call.signal, heard: silence.restart, onProgress });
        const result = await questions.within(
          onQuestion ? asking : { ...asking, rounds: Number.POSITIVE_INFINITY },
          () => (wire ? wire.within(sink, send) : send()),
        );
        return checkStructuredContent(name, result as CallToolResult, outputValidators.get(name)?.());
      } finally {
        silence.pause();
        running.delete(call);
        signal?.removeEventListener('abort', stop);
      }
    },
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
    answerQuestion: (id, answer) => questions.answer(id, answer),
    close: async () => {
      await tasksV2?.close();
      await client.close();
    },
  };
}

/**
 * Connects to an MCP server over Streamable HTTP, falling back to the older HTTP+SSE
 * transport when the server refuses it (the SDK's own pattern). Requests carry `headers`
 * (e.g. Authorization) and never follow a redirect. The URL must already have passed the
 * base-URL policy.
 */
export async function connectMcpServer(url: string, headers: Record<string, string> = {}): Promise<McpConnection> {
  const cutListeners: ((error: Error) => void)[] = [];
  const onCut = (listener: (error: Error) => void) => void cutListeners.push(listener);
  const capped = capResponseBodies(createNoRedirectFetch(), MAX_MCP_RESPONSE_BYTES, (error) => {
    for (const listener of cutListeners) listener(error);
  });
  const wire = createMcpWire(headers);
  const fetch = wire.capture(capped);
  const requestInit = { headers };
  const host = new URL(url).host;
  try {
    return {
      ...(await connectMcpClient(
        new StreamableHTTPClientTransport(new URL(url), { fetch, requestInit }),
        'streamable-http',
        host,
        onCut,
        wire,
        () => new StreamableHTTPClientTransport(new URL(url), { fetch, requestInit }),
      )),
      url,
    };
  } catch (streamableError) {
    try {
      return {
        ...(await connectMcpClient(
          new SSEClientTransport(new URL(url), { fetch, requestInit }),
          'sse',
          host,
          onCut,
          wire,
        )),
        url,
      };
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
