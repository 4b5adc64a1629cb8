import { createStore, type StoreApi } from 'zustand/vanilla';
import { MCP_ROUTE, type McpAccess, type McpCallAnswer } from '../shapes/mcp-access';
import type { SessionStore } from '../session/session-state';
import type { McpServerRecord } from '../shapes/mcp-server-record';
import { toServerRecord } from './to-server-record';
import { hashName, readListedTools, unreadListedTools } from '../shapes/mcp-tool-drafts';
import { mcpServerRefusal } from '../shapes/session-limits';
import {
  type AnsweredAction,
  checkedRequest,
  type McpCallEnd,
  type McpCallQuestion,
  McpRouteError,
  readAnswer,
  readCall,
} from './read-mcp-answer';
import type { McpInputAnswer } from '../shapes/mcp-input';
import type {
  LeftOutTool,
  McpAnswer,
  McpPromptInfo,
  McpPromptMessages,
  McpRequestInput,
  McpResourceContents,
  McpResourceInfo,
  McpCheckReport,
} from './mcp-route';

/** Whether this tab is connected to a session's server now. */
export type McpLinkStatus =
  /** `leftOut`: the listed tools the playground cannot offer, and why (the SDK's words for an invalid `x-mcp-header`). */
  | { kind: 'connected'; leftOut: readonly LeftOutTool[] }
  | { kind: 'connecting' }
  | { kind: 'disconnected'; error?: string };

export type { McpPromptInfo, McpPromptMessages, McpResourceContents, McpResourceInfo };

export type McpClient = McpAccess & {
  /** Connection status per server id; the Tools pane draws it. */
  links: StoreApi<Readonly<Record<string, McpLinkStatus>>>;
  /** Connects (the person asked to), adds or updates the server and its tools in the session. */
  connect(url: string, headers: Record<string, string>): Promise<ConnectResult>;
  /** Starts a local stdio server (the operator allowed its command) with the server's start token. */
  connectStdio(command: string, args: readonly string[], token: string): Promise<ConnectResult>;
  disconnect(serverId: string): Promise<void>;
  /** Disconnects and takes the server and its tools out of the session. */
  remove(serverId: string): Promise<void>;
  refreshTools(serverId: string): Promise<void>;
  listPrompts(serverId: string): Promise<McpPromptInfo[]>;
  getPrompt(serverId: string, name: string, args: Record<string, string>): Promise<McpPromptMessages>;
  listResources(serverId: string): Promise<McpResourceInfo[]>;
  readResource(serverId: string, uri: string): Promise<McpResourceContents>;
  /** `Check this server`: the official conformance suite's verdicts and the playground's own checks (seconds). */
  check(serverId: string): Promise<McpCheckReport>;
  /** Stops watching the connections and closes them (the page is going away). */
  dispose(): void;
};

export type ConnectResult = { ok: true; serverId: string } | { ok: false; message: string };

/**
 * The session's stand-in for a stdio server's URL: `stdio:local-<hash of the command line>` —
 * the command line itself stays in this tab's memory (sessions, files and links never carry
 * it: a link must not bring a command to run on the viewer's machine).
 */
export function stdioServerUrl(command: string, args: readonly string[]): string {
  return `stdio:local-${hashName(JSON.stringify([command, ...args]))}`;
}

/** Whether a server record is a local command's (stdio), which is connected by typing the command. */
export function isStdioServerUrl(url: string): boolean {
  return url.startsWith('stdio:');
}

/** How a connection is made: the body of "connect" (headers) or "connect-stdio" (a start token) — this tab's memory only. */
type ConnectBody = Extract<McpRequestInput, { action: 'connect' | 'connect-stdio' }>;
/** A live connection, and how it was made. */
type Link = { connectionId: string; toolsVersion: number; connectBody: ConnectBody };

/** What one tab's MCP client holds: the session, its live links, their statuses, the route, and the identity the server issued. */
type Client = {
  store: SessionStore;
  open: Map<string, Link>;
  links: StoreApi<Readonly<Record<string, McpLinkStatus>>>;
  /** Sends a request the contract accepts (checked first: a wrong one is refused here, in the route's words). */
  post(body: McpRequestInput, signal?: AbortSignal): Promise<Response>;
  /** This tab's identity, issued by the server at its first connect: the server counts this tab's connections against its quota only (a page cannot choose one). */
  page: string | undefined;
};

/**
 * This tab's side of MCP: connections made through `POST /api/mcp` when the person asks (never
 * on its own for a session that came from a file or a link), the headers they typed kept in
 * memory only, calls streamed with their progress, and the tool list kept current when the
 * server says it changed.
 */
export function createMcpClient({
  store,
  fetch,
  api = MCP_ROUTE,
  watchMs,
}: {
  store: SessionStore;
  fetch: typeof globalThis.fetch;
  api?: string;
  /** How often to ask whether a connected server's tools changed (`tools/list_changed`); never when unset. */
  watchMs?: number;
}): McpClient {
  const c: Client = {
    store,
    open: new Map(),
    links: createStore<Readonly<Record<string, McpLinkStatus>>>(() => ({})),
    page: undefined,
    post: async (body, signal) => {
      const checked = await checkedRequest(body);
      try {
        return await fetch(api, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: checked,
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new McpRouteError('unreachable', 'The playground server did not answer; is it still running?');
      }
    },
  };
  const timer = watchMs ? setInterval(() => void watch(c), watchMs) : undefined;
  return {
    links: c.links,
    callTool: (call) => callTool(c, call),
    dispose: () => {
      clearInterval(timer);
      // The route's connections go now, not after their idle time.
      for (const serverId of [...c.open.keys()]) void disconnect(c, serverId);
    },
    connect: (url, headers) => connectWith(c, url, { action: 'connect', url, headers }),
    connectStdio: (command, args, token) =>
      connectWith(c, stdioServerUrl(command, args), { action: 'connect-stdio', command, args: [...args], token }),
    disconnect: (serverId) => disconnect(c, serverId),
    async remove(serverId) {
      await disconnect(c, serverId);
      store.getState().removeMcpServer(serverId);
      const { [serverId]: _gone, ...rest } = c.links.getState();
      c.links.setState(rest, true);
    },
    refreshTools: (serverId) => refreshTools(c, serverId),
    listPrompts: async (serverId) => (await askServer(c, serverId, { action: 'prompts' })).prompts,
    getPrompt: async (serverId, name, args) =>
      (await askServer(c, serverId, { action: 'get-prompt', name, arguments: args })).prompt,
    listResources: async (serverId) => (await askServer(c, serverId, { action: 'resources' })).resources,
    readResource: async (serverId, uri) => (await askServer(c, serverId, { action: 'read-resource', uri })).resource,
    check: (serverId) => askServer(c, serverId, { action: 'check' }),
  };
}

const setStatus = (c: Client, serverId: string, status: McpLinkStatus) => c.links.setState({ [serverId]: status });
/** `Omit` over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const record = (c: Client, serverId: string): McpServerRecord | undefined =>
  c.store.getState().mcpServers.find((server) => server.id === serverId);

/** What a request's action answers with (`connect-stdio` answers as `connect`; `call` streams, see `readCall`). */
type AnswerOf<Action> = Action extends 'connect-stdio' ? 'connect' : Extract<Action, AnsweredAction>;
/** A question about an open connection, before its connection id is added. */
type ServerQuestion = DistributiveOmit<Extract<McpRequestInput, { connectionId: string }>, 'connectionId'>;

/** One question to the route, its answer read with the contract (bounded), its refusal said. */
async function ask<Body extends McpRequestInput>(c: Client, body: Body): Promise<McpAnswer<AnswerOf<Body['action']>>> {
  const action = (body.action === 'connect-stdio' ? 'connect' : body.action) as AnswerOf<Body['action']>;
  return readAnswer(await c.post(body), action);
}

/** Asks about a connected server; a connection the route has closed (idle, restarted) is made again once. */
async function askServer<Body extends ServerQuestion>(
  c: Client,
  serverId: string,
  body: Body,
): Promise<McpAnswer<AnswerOf<Body['action']>>> {
  const link = c.open.get(serverId);
  if (!link) throw new McpRouteError('not_connected', notConnectedMessage(c, serverId));
  const to = (connectionId: string) => ({ ...body, connectionId }) as Body & McpRequestInput;
  try {
    return await ask(c, to(link.connectionId));
  } catch (error) {
    if (!(error instanceof McpRouteError && error.code === 'not_connected')) throw error;
    const again = await reconnect(c, serverId, link);
    return ask(c, to(again.connectionId));
  }
}

function notConnectedMessage(c: Client, serverId: string): string {
  const server = record(c, serverId);
  return server
    ? `The MCP server ${server.name} (${server.url}) is not connected in this tab: connect it in the Tools pane first.`
    : 'This MCP tool names a server the session does not have.';
}

async function connectTo(c: Client, url: string, connectBody: ConnectBody) {
  const answer = await ask(c, { ...connectBody, page: c.page });
  if (answer.page !== undefined) c.page = answer.page;
  return {
    connectionId: answer.connectionId,
    toolsVersion: answer.toolsVersion,
    server: toServerRecord(url, answer.server),
    tools: readListedTools(answer.tools),
    leftOut: leftOutOf(answer),
  };
}

/** What a list left out: what the route's SDK refused, then what the page could not read as a tool. */
const leftOutOf = (answer: { tools: unknown[]; leftOut: readonly LeftOutTool[] }): LeftOutTool[] => [
  ...answer.leftOut,
  ...unreadListedTools(answer.tools),
];

async function reconnect(c: Client, serverId: string, link: Link): Promise<Link> {
  const server = record(c, serverId);
  if (!server) throw new McpRouteError('not_connected', notConnectedMessage(c, serverId));
  setStatus(c, serverId, { kind: 'connecting' });
  try {
    const made = await connectTo(c, server.url, link.connectBody);
    const next = { connectionId: made.connectionId, toolsVersion: made.toolsVersion, connectBody: link.connectBody };
    c.open.set(serverId, next);
    c.store.getState().connectMcpServer(made.server, made.tools);
    setStatus(c, serverId, { kind: 'connected', leftOut: made.leftOut });
    return next;
  } catch (error) {
    c.open.delete(serverId);
    setStatus(c, serverId, { kind: 'disconnected', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

async function refreshTools(c: Client, serverId: string) {
  const answer = await askServer(c, serverId, { action: 'tools' });
  const link = c.open.get(serverId);
  if (link) link.toolsVersion = answer.toolsVersion;
  c.store.getState().setMcpTools(serverId, readListedTools(answer.tools));
  if (c.links.getState()[serverId]?.kind === 'connected')
    setStatus(c, serverId, { kind: 'connected', leftOut: leftOutOf(answer) });
}

async function callTool(
  c: Client,
  { server, name, args, timeoutMs, signal, onProgress, onInput, onWire }: Parameters<McpAccess['callTool']>[0],
): Promise<McpCallAnswer> {
  const callOnce = async (link: Link) => {
    // A question from the server goes to the person (or, with nobody to ask, is cancelled); the
    // answer goes back with the `answer` action while the call's stream waits.
    const answerQuestion = (question: McpCallQuestion) =>
      void (async () => {
        const answer: McpInputAnswer = onInput
          ? await onInput({
              message: question.message,
              requestedSchema: question.requestedSchema,
              ...(question.url === undefined ? {} : { url: question.url }),
            }).catch(() => ({ action: 'cancel' }) as const)
          : { action: 'cancel' };
        await ask(c, { action: 'answer', connectionId: link.connectionId, inputId: question.id, answer });
      })().catch(() => undefined);
    return readCall(
      await c.post(
        {
          action: 'call',
          connectionId: link.connectionId,
          name,
          arguments: args,
          timeoutMs,
          ...(onWire ? { wire: true } : {}),
        },
        signal,
      ),
      { onProgress, onInput: answerQuestion, onWire },
    );
  };
  const link = c.open.get(server);
  if (!link) return { kind: 'error', code: 'not_connected', message: notConnectedMessage(c, server) };
  try {
    let line: McpCallEnd;
    try {
      line = await callOnce(link);
    } catch (error) {
      if (!(error instanceof McpRouteError && error.code === 'not_connected')) throw error;
      line = await callOnce(await reconnect(c, server, link));
    }
    if (line.type === 'error') return { kind: 'error', code: line.error.code, message: line.error.message };
    const current = c.open.get(server);
    if (current && line.toolsVersion > current.toolsVersion) void refreshTools(c, server).catch(() => undefined);
    return { kind: 'result', result: line.result } satisfies McpCallAnswer;
  } catch (error) {
    if (signal?.aborted) return { kind: 'error', code: 'cancelled', message: 'The call was cancelled.' };
    return {
      kind: 'error',
      code: error instanceof McpRouteError ? error.code : 'failed',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

async function connectWith(c: Client, url: string, connectBody: ConnectBody): Promise<ConnectResult> {
  const known = c.store.getState().mcpServers.find((server) => server.url === url);
  if (known) setStatus(c, known.id, { kind: 'connecting' });
  // Refused before the route opens anything: the session has no room for another server.
  const refusal = mcpServerRefusal(c.store.getState().mcpServers, url);
  if (refusal) return { ok: false, message: refusal };
  try {
    const made = await connectTo(c, url, connectBody);
    const added = c.store.getState().connectMcpServer(made.server, made.tools);
    if (!added.ok) {
      void ask(c, { action: 'disconnect', connectionId: made.connectionId }).catch(() => undefined);
      return { ok: false, message: added.message };
    }
    const serverId = added.id;
    const previous = c.open.get(serverId);
    c.open.set(serverId, { connectionId: made.connectionId, toolsVersion: made.toolsVersion, connectBody });
    if (previous) void ask(c, { action: 'disconnect', connectionId: previous.connectionId }).catch(() => undefined);
    setStatus(c, serverId, { kind: 'connected', leftOut: made.leftOut });
    return { ok: true, serverId };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (known) setStatus(c, known.id, { kind: 'disconnected', error: message });
    return { ok: false, message };
  }
}

async function disconnect(c: Client, serverId: string) {
  const link = c.open.get(serverId);
  c.open.delete(serverId);
  setStatus(c, serverId, { kind: 'disconnected' });
  if (link) await ask(c, { action: 'disconnect', connectionId: link.connectionId }).catch(() => undefined);
}

/** Asks the route whether each connected server said its tools changed, and lists them again if so. */
async function watch(c: Client) {
  for (const [serverId, link] of c.open) {
    try {
      const answer = await ask(c, { action: 'status', connectionId: link.connectionId });
      if (answer.toolsVersion > link.toolsVersion) await refreshTools(c, serverId);
    } catch (error) {
      // A connection the route closed (idle, restarted) is made again at the next use.
      if (!(error instanceof McpRouteError && error.code === 'not_connected')) continue;
    }
  }
}
