import { isCoreToolName } from '../tools/core-tool-definitions';
import type { SchemaChecker } from '../tools/create-schema-checker';
import { problemToSentence } from '../tools/format-ajv-errors';
import { runCoreTool } from '../tools/run-core-tool';
import type { ToolSpec } from '../tools/tool-spec';
import type { Sandbox } from '../sandbox/sandbox';
import { assertNever } from '../assert-never';
import type { ToolOutcome } from './tool-outcome';

export type ToolCallRequest = { toolName: string; input: unknown };

export type RunToolCallOptions = {
  call: ToolCallRequest;
  tools: readonly ToolSpec[];
  sandbox: Sandbox;
  checker: SchemaChecker;
  signal?: AbortSignal;
  now?: () => number;
};

/**
 * The executor for one call: finds the tool, validates the arguments against its schema
 * (invalid ones never run), runs it in the sandbox and times it. Errors come back as
 * outcomes worded for the model (seed 002 §7.3), never as exceptions.
 */
export async function runToolCall({
  call,
  tools,
  sandbox,
  checker,
  signal,
  now = () => performance.now(),
}: RunToolCallOptions): Promise<ToolOutcome> {
  const tool = tools.find((candidate) => candidate.name === call.toolName);
  if (!tool) {
    const available = tools.map((candidate) => candidate.name).join(', ') || 'none';
    return {
      kind: 'invalid-input',
      message: `Error: Unknown tool '${call.toolName}'.\nAvailable tools: ${available}. Call one of those instead.`,
    };
  }
  const problems = checker.checkValue(tool.inputSchema, call.input);
  if (problems.length > 0) {
    const details = problems.map((problem) => `- ${problemToSentence(problem, 'the arguments')}`).join('\n');
    return {
      kind: 'invalid-input',
      message: `Error: Invalid arguments for '${tool.name}'.\n${details}\nFix these parameters and try again.`,
    };
  }
  if (!isCoreToolName(tool.name)) {
    return {
      kind: 'failed',
      message: `Error: '${tool.name}' has no implementation in this playground yet.\nUse one of the sandbox tools instead.`,
    };
  }

  const startedMs = now();
  let result;
  try {
    result = await runCoreTool(tool.name, call.input as Record<string, unknown>, { sandbox, signal });
  } catch (error) {
    const details = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      message: `Error: Command execution failed.\nDetails: ${details}\nYou may need to check the command syntax or try an alternative approach.`,
    };
  }
  const executionTimeMs = Math.round(now() - startedMs);
  switch (result.kind) {
    case 'done':
      return {
        kind: 'ok',
        output: {
          success: result.success,
          output: result.output,
          ...(result.exitCode === undefined ? {} : { exit_code: result.exitCode }),
          execution_time_ms: executionTimeMs,
        },
      };
    case 'failure':
      return { kind: 'failed', message: `Error: ${result.message}` };
    case 'timed-out':
      return {
        kind: 'timed-out',
        message:
          `Error: Operation timed out after ${result.timeoutSeconds}s.\n` +
          'Consider breaking the operation into smaller steps or increasing the timeout.' +
          (result.partialOutput ? `\nPartial output:\n${result.partialOutput}` : ''),
      };
    default:
      return assertNever(result);
  }
}
