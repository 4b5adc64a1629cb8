import { assertNever } from '../shapes/assert-never';
import type { SchemaChecker } from '../tools/create-schema-checker';
import { MISSING_REQUIRED_MESSAGE, problemToSentence, type SchemaProblem } from '../tools/format-ajv-errors';
import { generateMockResult } from '../tools/generate-mock-result';
import type { RunnableTool, ToolRun } from '../shapes/tool-spec';
import type { Sandbox } from '../sandbox/sandbox';
import { runSandboxTool } from './run-sandbox-tool';
import type { ToolCallContext } from './run-interceptors';
import { type HttpAccess, runHttpRequest } from './run-http-request';
import { SEED_ERROR_TEXT, type ToolErrorInput } from '../shapes/tool-error';
import type { RunJavaScript, ToolOutcome } from '../shapes/tool-outcome';
import { parseResultText } from './parse-result-text';
import { runMcpTool } from './run-mcp-tool';
import { runHandlerTool } from './run-handler-tool';
import type { McpAccess, McpProgress } from '../shapes/mcp-access';
import type { McpInputAnswer, McpInputRequest } from '../shapes/mcp-input';
import type { McpWireLine } from '../shapes/mcp-wire';

export type ToolCallRequest = { toolName: string; input: unknown };

export type RunToolCallOptions = {
  call: ToolCallRequest;
  tools: readonly RunnableTool[];
  /** The sandbox, started on first use; only sandbox tools wait for it. */
  getSandbox: () => Promise<Sandbox>;
  checker: SchemaChecker;
  /** Runs JavaScript handlers; without it, handler tools fail with a clear message. */
  runJavaScript?: RunJavaScript;
  /** False for a session opened from someone else's link until its viewer runs it. */
  handlersTrusted?: boolean;
  /** The network, for HTTP tools (their allowlist still applies). */
  http?: HttpAccess;
  /** MCP servers, for MCP tools (in the browser: through `POST /api/mcp`). */
  mcp?: McpAccess;
  /** Progress a running call reports (MCP `notifications/progress`). */
  onProgress?: (progress: McpProgress) => void;
  /** Asks the person what an MCP server asks while its tool runs (elicitation); without it, each question is cancelled. */
  onInput?: (request: McpInputRequest) => Promise<McpInputAnswer>;
  /** Told each HTTP exchange an MCP call makes with its server (the Inspector's Wire tab). */
  onWire?: (line: McpWireLine) => void;
  /** What a JavaScript handler may read of the run besides its arguments. */
  context?: ToolCallContext;
  signal?: AbortSignal;
  now?: () => number;
};

function answerMock(name: string, run: Extract<ToolRun, { kind: 'mock' }>, args: Record<string, unknown>): ToolOutcome {
  if (run.outputSchema === undefined) return { kind: 'ok', output: parseResultText(run.result) };
  const schema = parseResultText(run.outputSchema);
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return {
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'MOCK_SCHEMA_INVALID',
        message: `Error: The output schema of the '${name}' mock is not a JSON Schema object; fix it in the Tools pane.`,
        details: { tool: name },
        recoverable: false,
        suggestedAction: 'Answer without this tool; the person has to fix its output schema.',
      },
    };
  }
  return { kind: 'ok', output: generateMockResult(schema as Record<string, unknown>, args) };
}

/** Code or network access that came with someone else's link, before its viewer has run the session. */
function notYetAllowed(what: string, toolName: string): ToolOutcome {
  return {
    kind: 'blocked',
    error: {
      type: 'PermissionError',
      code: 'HANDLER_NOT_TRUSTED',
      message: `Error: ${what} came with a shared session and has not been allowed to run.`,
      details: { tool: toolName },
      recoverable: false,
      suggestedAction: 'Answer without this tool until the person allows it to run.',
    },
  };
}

/**
 * Invalid arguments in seed 002 §7.3 words: one missing parameter as the seed says it,
 * anything else as one line per problem.
 */
function describeInvalidArguments(toolName: string, problems: readonly SchemaProblem[]): ToolErrorInput {
  const missing = problems.filter((problem) => problem.message === MISSING_REQUIRED_MESSAGE);
  const message =
    problems.length === 1 && missing.length === 1
      ? SEED_ERROR_TEXT.missingRequired(missing[0].path)
      : `Error: Invalid arguments for '${toolName}'.\n${problems
          .map((problem) => `- ${problemToSentence(problem, 'the arguments')}`)
          .join('\n')}\nFix these parameters and try again.`;
  return {
    type: 'ValidationError',
    code: missing.length === problems.length ? 'MISSING_REQUIRED' : 'INVALID_ARGUMENTS',
    message,
    details: {
      tool: toolName,
      problems: problems.map((problem) => ({ path: problem.path, problem: problem.message })),
    },
    recoverable: true,
    suggestedAction: 'Fix the arguments as listed and call the tool again.',
  };
}

/**
 * The executor for one call: finds the tool, validates the arguments against its schema
 * (invalid ones never run), then answers it the way the tool is set to run. Errors come back
 * as outcomes worded for the model (seed 002 §7.3), never as exceptions.
 */
export async function runToolCall({
  call,
  tools,
  getSandbox,
  checker,
  runJavaScript,
  handlersTrusted = true,
  http,
  mcp,
  onProgress,
  onInput,
  onWire,
  context,
  signal,
  now = () => performance.now(),
}: RunToolCallOptions): Promise<ToolOutcome> {
  const tool = tools.find((candidate) => candidate.spec.name === call.toolName);
  if (!tool) {
    const available = tools.map((candidate) => candidate.spec.name).join(', ') || 'none';
    return {
      kind: 'unknown-tool',
      error: {
        type: 'ValidationError',
        code: 'UNKNOWN_TOOL',
        message: `Error: Unknown tool '${call.toolName}'.\nAvailable tools: ${available}. Call one of those instead.`,
        details: { tool: call.toolName, available_tools: tools.map((candidate) => candidate.spec.name) },
        recoverable: true,
        suggestedAction: `Call one of: ${available}.`,
      },
    };
  }
  const problems = checker.checkValue(tool.spec.inputSchema, call.input);
  if (problems.length > 0) return { kind: 'invalid-input', error: describeInvalidArguments(tool.spec.name, problems) };
  const args = call.input as Record<string, unknown>;

  switch (tool.run.kind) {
    case 'sandbox':
      return runSandboxTool(tool.spec.name, args, { getSandbox, signal, now });
    case 'mock':
      return answerMock(tool.spec.name, tool.run, args);
    case 'manual':
      return { kind: 'awaiting-user' };
    case 'http':
      // Its allowlist may have come with someone else's link: it reaches the network only once allowed.
      if (!handlersTrusted) return notYetAllowed(`The HTTP tool '${tool.spec.name}'`, tool.spec.name);
      return runHttpRequest(args, tool.run.allowedOrigins, http, signal);
    case 'mcp':
      // Its server came with the session: it is reached only once the person allows it (and connects it).
      if (!handlersTrusted) return notYetAllowed(`The MCP tool '${tool.spec.name}'`, tool.spec.name);
      return runMcpTool(tool.spec.name, tool.run, args, mcp, { signal, onProgress, onInput, onWire, now });
    case 'javascript': {
      if (!handlersTrusted) {
        return notYetAllowed(`The JavaScript handler of '${tool.spec.name}'`, tool.spec.name);
      }
      if (!runJavaScript) {
        return {
          kind: 'failed',
          error: {
            type: 'ExecutionError',
            code: 'HANDLERS_UNAVAILABLE',
            message: 'Error: JavaScript handlers cannot run here.',
            details: { tool: tool.spec.name },
            recoverable: false,
            suggestedAction: 'Answer without this tool.',
          },
        };
      }
      return runHandlerTool(tool.spec.name, tool.run, args, { runJavaScript, getSandbox, context, signal, now });
    }
    default:
      return assertNever(tool.run);
  }
}
