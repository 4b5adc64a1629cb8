import { createStore, type StoreApi } from 'zustand/vanilla';
import type { McpAccess, McpCallAnswer, McpProgress } from '../shapes/mcp-access';
import { checkJsonDepth } from '../limits/check-json-depth';
import type { SessionStore } from '../session/session-state';
import type { McpServerRecord } from '../shapes/mcp-server-record';
import { toServerRecord } from './to-server-record';
import { hashName, readListedTools } from '../shapes/mcp-tool-drafts';
import { INPUT_LIMITS } from '../limits/input-limits';
import { mcpServerRefusal } from '../shapes/session-limits';

/** Whether this tab is connected to a session's server now. */
export type McpLinkStatus = { kind: 'connected' } | { kind: 'connecting' } | { kind: 'disconnected'; error?: string };

/** A prompt or resource as the server lists it (shown, then fetched on request). */
export type McpPromptInfo = {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
};
export type McpResourceInfo = { uri: string; name: string; title?: string; description?: string; mimeType?: string };
/** A prompt's messages (`prompts/get`) and a resource's contents (`resources/read`), as the server sent them. */
export type McpPromptMessages = { messages: { role: string; content: Record<string, unknown> }[] };
export type McpResourceContents = { contents: { uri: string; mimeType?: string; text?: string; blob?: string }[] };

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

/** Largest answer of the route read (a tool list, a prompt, a resource, a call's result), in characters. */
const MAX_ANSWER_CHARS = INPUT_LIMITS.maxMcpAnswerChars;

/** A live connection, and how it was made (the body of "connect": headers or a start token, this tab's memory only). */
type Link = { connectionId: string; toolsVersion: number; connectBody: Record<string, unknown> };

class McpRouteError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Parses one answer of the route: bounded in size and depth (it carries an MCP server's words). */
function parseAnswer(text: string): Record<string, unknown> {
  if (text.length > MAX_ANSWER_CHARS)
    throw new McpRouteError('too_large', `The MCP server's answer is too large (${text.length} characters).`);
  const value: unknown = JSON.parse(text);
  const depth = checkJsonDepth(value);
  if (!depth.ok) throw new McpRouteError('too_deep', `The MCP server's answer is refused: ${depth.message}.`);
  return value as Record<string, unknown>;
}

/**
 * This tab's side of MCP: connections made through `POST /api/mcp` when the person asks (never
 * on its own for a session that came from a file or a link), the headers they typed kept in
 * memory only, calls streamed with their progress, and the tool list kept current when the
 * server says it changed.
 */
export function createMcpClient({
  store,
  fetch,
  api = '/api/mcp',
  watchMs,
}: {
  store: SessionStore;
  fetch: typeof globalThis.fetch;
  api?: string;
  /** How often to ask whether a connected server's tools changed (`tools/list_changed`); never when unset. */
  watchMs?: number;
}): McpClient {
  const open = new Map<string, Link>();
  // This tab's identity, issued by the server at its first connect: the server counts this
  // tab's connections against its quota only (a page cannot choose one).
  let page: string | undefined;
  const links = createStore<Readonly<Record<string, McpLinkStatus>>>(() => ({}));
  const setStatus = (serverId: string, status: McpLinkStatus) => links.setState({ [serverId]: status });
  const record = (serverId: string): McpServerRecord | undefined =>
    store.getState().mcpServers.find((server) => server.id === serverId);

  const post = async (body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> => {
    try {
      return await fetch(api, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new McpRouteError('unreachable', 'The playground server did not answer; is it still running?');
    }
  };
  const ask = async (body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const response = await post(body);
    const answer = parseAnswer(await response.text());
    if (!response.ok) {
      const error = answer.error as { code?: string; message?: string } | undefined;
      throw new McpRouteError(error?.code ?? 'failed', error?.message ?? `HTTP ${response.status}`);
    }
    return answer;
  };

  /** Asks about a connected server; a connection the route has closed (idle, restarted) is made again once. */
  const askServer = async (serverId: string, body: Record<string, unknown>) => {
    const link = open.get(serverId);
    if (!link) throw new McpRouteError('not_connected', notConnectedMessage(serverId));
    try {
      return await ask({ ...body, connectionId: link.connectionId });
    } catch (error) {
      if (!(error instanceof McpRouteError && error.code === 'not_connected')) throw error;
      const again = await reconnect(serverId, link);
      return ask({ ...body, connectionId: again.connectionId });
    }
  };

  const notConnectedMessage = (serverId: string) => {
    const server = record(serverId);
    return server
      ? `The MCP server ${server.name} (${server.url}) is not connected in this tab: connect it in the Tools pane first.`
      : 'This MCP tool names a server the session does not have.';
  };

  const connectTo = async (url: string, connectBody: Record<string, unknown>) => {
    const answer = await ask({ ...connectBody, page });
    if (typeof answer.page === 'string') page = answer.page;
    return {
      connectionId: String(answer.connectionId),
      toolsVersion: Number(answer.toolsVersion ?? 0),
      server: toServerRecord(url, (answer.server ?? {}) as Record<string, unknown>),
      tools: readListedTools(answer.tools),
    };
  };

  const reconnect = async (serverId: string, link: Link): Promise<Link> => {
    const server = record(serverId);
    if (!server) throw new McpRouteError('not_connected', notConnectedMessage(serverId));
    setStatus(serverId, { kind: 'connecting' });
    try {
      const made = await connectTo(server.url, link.connectBody);
      const next = { connectionId: made.connectionId, toolsVersion: made.toolsVersion, connectBody: link.connectBody };
      open.set(serverId, next);
      store.getState().connectMcpServer(made.server, made.tools);
      setStatus(serverId, { kind: 'connected' });
      return next;
    } catch (error) {
      open.delete(serverId);
      setStatus(serverId, { kind: 'disconnected', error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };

  const refreshTools = async (serverId: string) => {
    const answer = await askServer(serverId, { action: 'tools' });
    const link = open.get(serverId);
    if (link) link.toolsVersion = Number(answer.toolsVersion ?? link.toolsVersion);
    store.getState().setMcpTools(serverId, readListedTools(answer.tools));
  };

  /** Reads a call's lines: progress while it runs, then its result or error. */
  const readCall = async (
    response: Response,
    onProgress: ((progress: McpProgress) => void) | undefined,
  ): Promise<Record<string, unknown>> => {
    if (!response.ok || !response.body) {
      const answer = parseAnswer(await response.text());
      const error = answer.error as { code?: string; message?: string } | undefined;
      throw new McpRouteError(error?.code ?? 'failed', error?.message ?? `HTTP ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    let last: Record<string, unknown> | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (value) buffered += value;
      if (buffered.length > MAX_ANSWER_CHARS)
        throw new McpRouteError('too_large', 'The MCP server answered with too much.');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines.filter((each) => each.trim() !== '')) {
        const parsed = parseAnswer(line);
        if (parsed.type === 'progress' && typeof parsed.progress === 'number')
          onProgress?.({
            progress: parsed.progress,
            ...(typeof parsed.total === 'number' ? { total: parsed.total } : {}),
            ...(typeof parsed.message === 'string' ? { message: parsed.message.slice(0, 200) } : {}),
          });
        else last = parsed;
      }
      if (done) break;
    }
    if (!last) throw new McpRouteError('server_error', 'The call ended without a result.');
    return last;
  };

  const callTool: McpAccess['callTool'] = async ({ server, name, args, timeoutMs, signal, onProgress }) => {
    const callOnce = async (link: Link) =>
      readCall(
        await post({ action: 'call', connectionId: link.connectionId, name, arguments: args, timeoutMs }, signal),
        onProgress,
      );
    const link = open.get(server);
    if (!link) return { kind: 'error', code: 'not_connected', message: notConnectedMessage(server) };
    try {
      let line: Record<string, unknown>;
      try {
        line = await callOnce(link);
      } catch (error) {
        if (!(error instanceof McpRouteError && error.code === 'not_connected')) throw error;
        line = await callOnce(await reconnect(server, link));
      }
      if (line.type === 'error') {
        const error = line.error as { code?: string; message?: string };
        return { kind: 'error', code: error.code ?? 'server_error', message: error.message ?? 'The call failed.' };
      }
      const current = open.get(server);
      if (current && typeof line.toolsVersion === 'number' && line.toolsVersion > current.toolsVersion)
        void refreshTools(server).catch(() => undefined);
      return { kind: 'result', result: line.result } satisfies McpCallAnswer;
    } catch (error) {
      if (signal?.aborted) return { kind: 'error', code: 'cancelled', message: 'The call was cancelled.' };
      return {
        kind: 'error',
        code: error instanceof McpRouteError ? error.code : 'failed',
        message: error instanceof Error ? error.message : String(error),
      };
    }
  };

  const connectWith = async (url: string, connectBody: Record<string, unknown>): Promise<ConnectResult> => {
    const known = store.getState().mcpServers.find((server) => server.url === url);
    if (known) setStatus(known.id, { kind: 'connecting' });
    // Refused before the route opens anything: the session has no room for another server.
    const refusal = mcpServerRefusal(store.getState().mcpServers, url);
    if (refusal) return { ok: false, message: refusal };
    try {
      const made = await connectTo(url, connectBody);
      const added = store.getState().connectMcpServer(made.server, made.tools);
      if (!added.ok) {
        void ask({ action: 'disconnect', connectionId: made.connectionId }).catch(() => undefined);
        return { ok: false, message: added.message };
      }
      const serverId = added.id;
      const previous = open.get(serverId);
      open.set(serverId, { connectionId: made.connectionId, toolsVersion: made.toolsVersion, connectBody });
      if (previous) void ask({ action: 'disconnect', connectionId: previous.connectionId }).catch(() => undefined);
      setStatus(serverId, { kind: 'connected' });
      return { ok: true, serverId };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (known) setStatus(known.id, { kind: 'disconnected', error: message });
      return { ok: false, message };
    }
  };

  const disconnect = async (serverId: string) => {
    const link = open.get(serverId);
    open.delete(serverId);
    setStatus(serverId, { kind: 'disconnected' });
    if (link) await ask({ action: 'disconnect', connectionId: link.connectionId }).catch(() => undefined);
  };

  /** Asks the route whether each connected server said its tools changed, and lists them again if so. */
  const watch = async () => {
    for (const [serverId, link] of open) {
      try {
        const answer = await ask({ action: 'status', connectionId: link.connectionId });
        if (typeof answer.toolsVersion === 'number' && answer.toolsVersion > link.toolsVersion)
          await refreshTools(serverId);
      } catch (error) {
        // A connection the route closed (idle, restarted) is made again at the next use.
        if (!(error instanceof McpRouteError && error.code === 'not_connected')) continue;
      }
    }
  };
  const timer = watchMs ? setInterval(() => void watch(), watchMs) : undefined;

  return {
    links,
    callTool,
    dispose: () => {
      clearInterval(timer);
      // The route's connections go now, not after their idle time.
      for (const serverId of [...open.keys()]) void disconnect(serverId);
    },
    connect: (url, headers) => connectWith(url, { action: 'connect', url, headers }),
    connectStdio: (command, args, token) =>
      connectWith(stdioServerUrl(command, args), { action: 'connect-stdio', command, args, token }),
    disconnect,
    async remove(serverId) {
      await disconnect(serverId);
      store.getState().removeMcpServer(serverId);
      const { [serverId]: _gone, ...rest } = links.getState();
      links.setState(rest, true);
    },
    refreshTools,
    listPrompts: async (serverId) =>
      ((await askServer(serverId, { action: 'prompts' })).prompts ?? []) as McpPromptInfo[],
    getPrompt: async (serverId, name, args) =>
      (await askServer(serverId, { action: 'get-prompt', name, arguments: args })).prompt as McpPromptMessages,
    listResources: async (serverId) =>
      ((await askServer(serverId, { action: 'resources' })).resources ?? []) as McpResourceInfo[],
    readResource: async (serverId, uri) =>
      (await askServer(serverId, { action: 'read-resource', uri })).resource as McpResourceContents,
  };
}
