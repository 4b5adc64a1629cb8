import { formatToolSource, readToolName, uniqueToolName } from './tool-source';
import { TOOL_NAME_PATTERN } from './tool-limits';
import { DEFAULT_MCP_TIMEOUT_MS } from './tool-limits';
import type { McpToolAnnotations, ToolDraft } from './tool-spec';
import { SESSION_LIMITS } from './session-limits';
import { fnv1a } from './fnv1a';

/** A tool as an MCP server lists it (`tools/list`); untrusted, checked like any pasted definition. */
export type McpListedTool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

/** Most tools one server adds to a session (a provider takes at most 128–256 in a request). */
export const MAX_MCP_TOOLS_PER_SERVER = 128;

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The annotations the approval policy reads: only booleans and a short title survive. */
export function pickAnnotations(annotations: Record<string, unknown> | undefined): McpToolAnnotations | undefined {
  if (!annotations) return undefined;
  const picked: McpToolAnnotations = {};
  for (const hint of HINTS) if (typeof annotations[hint] === 'boolean') picked[hint] = annotations[hint];
  if (typeof annotations.title === 'string') picked.title = annotations.title.slice(0, 200);
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** A short stable hash (FNV-1a, base 36): ids stay distinct for names that differ only in characters dropped. */
export function hashName(text: string): string {
  return fnv1a(text).toString(36);
}

/** The draft id of a server's tool: stable across lists, and plain enough for an editor model's path. */
export function mcpToolDraftId(serverId: string, toolName: string): string {
  return `${serverId}-${asNamePart(toolName).slice(0, 40)}-${hashName(toolName)}`;
}

/** Letters, digits, `_` and `-` only (what every provider takes in a name). */
const asNamePart = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');

/**
 * The name the model knows an MCP tool by: its own when providers take it and no other tool
 * has it; otherwise prefixed with the server's short name (`everything_echo`) — then made
 * unique. Calls still go to the server under the tool's own name.
 */
export function mcpToolName(name: string, serverName: string, taken: ReadonlySet<string>): string {
  if (TOOL_NAME_PATTERN.test(name) && !taken.has(name)) return name;
  const server = asNamePart(serverName.split('/').at(-1) ?? serverName) || 'mcp';
  const base = `${server}_${asNamePart(name) || 'tool'}`.slice(0, 64);
  return uniqueToolName(base, taken);
}

/** The editor text of an MCP tool: the definition as the server sent it (minus `_meta` and icons), under the name the model knows. */
export function mcpToolSource(tool: McpListedTool, name = tool.name): string {
  return formatToolSource({
    name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  });
}

/**
 * The session's tools with one server's tools replaced by what it lists now: a tool it
 * still lists keeps its id, whether it is on and its time limit; new ones come on; the
 * server's tools stay where its first one was (at the end for a new server).
 */
export function replaceMcpTools(
  tools: readonly ToolDraft[],
  serverId: string,
  serverName: string,
  listed: readonly McpListedTool[],
): ToolDraft[] {
  const ofServer = (tool: ToolDraft) => tool.run.kind === 'mcp' && tool.run.server === serverId;
  const before = new Map(tools.filter(ofServer).map((tool) => [tool.id, tool]));
  const taken = new Set(tools.filter((tool) => !ofServer(tool)).flatMap((tool) => readToolName(tool.source) ?? []));
  const replacements = listed.slice(0, MAX_MCP_TOOLS_PER_SERVER).map((tool): ToolDraft => {
    const id = mcpToolDraftId(serverId, tool.name);
    const old = before.get(id);
    const annotations = pickAnnotations(tool.annotations);
    // A tool keeps the name the model knew it by, as long as no other tool took it since.
    const previousName = old ? readToolName(old.source) : undefined;
    const name = previousName && !taken.has(previousName) ? previousName : mcpToolName(tool.name, serverName, taken);
    taken.add(name);
    return {
      id,
      source: mcpToolSource(tool, name),
      enabled: old?.enabled ?? true,
      run: {
        kind: 'mcp',
        server: serverId,
        tool: tool.name,
        timeoutMs: old?.run.kind === 'mcp' ? old.run.timeoutMs : DEFAULT_MCP_TIMEOUT_MS,
        ...(annotations ? { annotations } : {}),
      },
    };
  });
  const first = tools.findIndex(ofServer);
  const rest = tools.filter((tool) => !ofServer(tool));
  const at = first === -1 ? rest.length : tools.slice(0, first).filter((tool) => !ofServer(tool)).length;
  return [...rest.slice(0, at), ...replacements, ...rest.slice(at)];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a listed item is not read as a tool. */
const NOT_A_TOOL = `it has no name of 1 to ${SESSION_LIMITS.mcpToolNameChars} characters or no input schema object`;

const isListedTool = (tool: unknown): tool is Record<string, unknown> & { name: string } =>
  isRecord(tool) &&
  typeof tool.name === 'string' &&
  tool.name.length > 0 &&
  tool.name.length <= SESSION_LIMITS.mcpToolNameChars &&
  isRecord(tool.inputSchema);

/**
 * The tools of a `tools/list` answer that are tools at all (a name of 1 to 200 characters — a
 * session keeps no longer one — and an input schema object); the rest are dropped.
 */
export function readListedTools(value: unknown): McpListedTool[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isListedTool).map((tool) => ({
    name: tool.name,
    ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(isRecord(tool.outputSchema) ? { outputSchema: tool.outputSchema } : {}),
    ...(isRecord(tool.annotations) ? { annotations: tool.annotations } : {}),
  }));
}

/** The items of a `tools/list` answer `readListedTools` drops, each with why (a nameless one as "(no name)"). */
export function unreadListedTools(value: unknown): { name: string; reason: string }[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((tool) => !isListedTool(tool))
    .map((tool) => ({
      name:
        isRecord(tool) && typeof tool.name === 'string' && tool.name.length > 0 ? tool.name.slice(0, 200) : '(no name)',
      reason: NOT_A_TOOL,
    }));
}

/** The names the model knows the session's MCP tools by: their results are read as MCP results, nobody else's. */
export function mcpToolNames(tools: readonly ToolDraft[]): ReadonlySet<string> {
  const names = new Set<string>();
  for (const tool of tools) {
    if (tool.run.kind !== 'mcp') continue;
    const name = readToolName(tool.source);
    if (name !== undefined) names.add(name);
  }
  return names;
}

/** The server (by its name, else its id) each MCP tool belongs to, by the name the model knows the tool by. */
export function mcpToolServers(
  tools: readonly ToolDraft[],
  servers: readonly { id: string; name: string }[],
): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  for (const tool of tools) {
    if (tool.run.kind !== 'mcp') continue;
    const name = readToolName(tool.source);
    const { server } = tool.run;
    if (name !== undefined) found.set(name, servers.find((each) => each.id === server)?.name ?? server);
  }
  return found;
}
