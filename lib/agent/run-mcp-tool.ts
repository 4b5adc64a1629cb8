import { mcpResultText, readMcpCallResult } from '../mcp/mcp-result';
import type { ToolRun } from '../shapes/tool-spec';
import type { ToolErrorInput } from '../shapes/tool-error';
import type { ToolOutcome } from '../shapes/tool-outcome';
import type { McpAccess, McpProgress } from '../shapes/mcp-access';
import type { McpInputAnswer, McpInputRequest } from '../shapes/mcp-input';
import type { McpWireLine } from '../shapes/mcp-wire';

const failed = (
  toolName: string,
  code: string,
  message: string,
  recoverable: boolean,
  suggestedAction: string,
): ToolErrorInput => ({
  type: 'ExecutionError',
  code,
  message,
  details: { tool: toolName },
  recoverable,
  suggestedAction,
});

/**
 * An MCP tool's call (see lib/mcp/CONTEXT.md): the server's `tools/call` through the route. A result keeps
 * MCP's shape (text, images, audio, resources, structured content — the route converts it
 * for the model); `isError` results, a server's error and a silent server become the seed's
 * error responses, with the server's own words.
 */
export async function runMcpTool(
  toolName: string,
  run: Extract<ToolRun, { kind: 'mcp' }>,
  args: Record<string, unknown>,
  access: McpAccess | undefined,
  {
    signal,
    onProgress,
    onInput,
    onWire,
    now = () => performance.now(),
  }: {
    signal?: AbortSignal;
    onProgress?: (p: McpProgress) => void;
    onInput?: (request: McpInputRequest) => Promise<McpInputAnswer>;
    onWire?: (line: McpWireLine) => void;
    now?: () => number;
  },
): Promise<ToolOutcome> {
  if (!access)
    return {
      kind: 'failed',
      error: failed(
        toolName,
        'MCP_UNAVAILABLE',
        'Error: MCP servers cannot be reached here.',
        false,
        'Answer without this tool.',
      ),
    };
  const startedMs = now();
  const answer = await access.callTool({
    server: run.server,
    name: run.tool,
    args,
    timeoutMs: run.timeoutMs,
    signal,
    onProgress,
    onInput,
    onWire,
  });
  if (answer.kind === 'error') {
    if (answer.code === 'timeout')
      return {
        kind: 'timed-out',
        error: {
          type: 'TimeoutError',
          code: 'TIMEOUT',
          message: `Error: '${toolName}' timed out: ${answer.message}`,
          details: { tool: toolName, timeout_ms: run.timeoutMs },
          recoverable: true,
          suggestedAction: 'Try smaller input, or answer without this tool.',
          executionTimeMs: now() - startedMs,
        },
      };
    const notConnected = answer.code === 'not_connected';
    return {
      kind: 'failed',
      error: failed(
        toolName,
        notConnected ? 'MCP_NOT_CONNECTED' : 'MCP_SERVER_ERROR',
        `Error: ${answer.message}`,
        !notConnected,
        notConnected
          ? 'Answer without this tool; the person has to connect its server.'
          : 'Check the arguments and try again.',
      ),
    };
  }
  const read = readMcpCallResult(answer.result);
  if (!read.ok)
    return {
      kind: 'failed',
      error: failed(
        toolName,
        'MCP_BAD_RESULT',
        `Error: The MCP server answered '${toolName}' with something that is not a tool result (${read.problem}).`,
        false,
        'Answer without this tool.',
      ),
    };
  const { result } = read;
  if (result.isError)
    return {
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'MCP_TOOL_ERROR',
        message: `Error: '${toolName}' failed: ${mcpResultText(result) || 'the server gave no reason'}`,
        details: { tool: toolName },
        recoverable: true,
        suggestedAction: 'Read the error, fix the arguments and try again.',
        executionTimeMs: now() - startedMs,
      },
    };
  return {
    kind: 'ok',
    output: {
      content: result.content,
      ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
    },
  };
}
