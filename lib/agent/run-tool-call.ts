import { assertNever } from '../assert-never';
import type { SchemaChecker } from '../tools/create-schema-checker';
import { problemToSentence } from '../tools/format-ajv-errors';
import { generateMockResult } from '../tools/generate-mock-result';
import type { RunnableTool, ToolRun } from '../tools/tool-spec';
import type { Sandbox } from '../sandbox/sandbox';
import { runSandboxTool } from './run-sandbox-tool';
import type { RunJavaScript, ToolOutcome } from './tool-outcome';

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
  signal?: AbortSignal;
  now?: () => number;
};

/** A result as a person typed it: JSON when it parses, else the text itself. */
export function parseResultText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function answerMock(name: string, run: Extract<ToolRun, { kind: 'mock' }>, args: Record<string, unknown>): ToolOutcome {
  if (run.outputSchema === undefined) return { kind: 'ok', output: parseResultText(run.result) };
  const schema = parseResultText(run.outputSchema);
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return {
      kind: 'failed',
      message: `Error: The output schema of the '${name}' mock is not a JSON Schema object; fix it in the Tools pane.`,
    };
  }
  return { kind: 'ok', output: generateMockResult(schema as Record<string, unknown>, args) };
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
  signal,
  now = () => performance.now(),
}: RunToolCallOptions): Promise<ToolOutcome> {
  const tool = tools.find((candidate) => candidate.spec.name === call.toolName);
  if (!tool) {
    const available = tools.map((candidate) => candidate.spec.name).join(', ') || 'none';
    return {
      kind: 'unknown-tool',
      message: `Error: Unknown tool '${call.toolName}'.\nAvailable tools: ${available}. Call one of those instead.`,
    };
  }
  const problems = checker.checkValue(tool.spec.inputSchema, call.input);
  if (problems.length > 0) {
    const details = problems.map((problem) => `- ${problemToSentence(problem, 'the arguments')}`).join('\n');
    return {
      kind: 'invalid-input',
      message: `Error: Invalid arguments for '${tool.spec.name}'.\n${details}\nFix these parameters and try again.`,
    };
  }
  const args = call.input as Record<string, unknown>;

  switch (tool.run.kind) {
    case 'sandbox':
      return runSandboxTool(tool.spec.name, args, { getSandbox, signal, now });
    case 'mock':
      return answerMock(tool.spec.name, tool.run, args);
    case 'manual':
      return { kind: 'awaiting-user' };
    case 'javascript': {
      if (!handlersTrusted) {
        return {
          kind: 'blocked',
          message: `Error: The JavaScript handler of '${tool.spec.name}' came with a shared session and has not been allowed to run.`,
        };
      }
      if (!runJavaScript) return { kind: 'failed', message: 'Error: JavaScript handlers cannot run here.' };
      const result = await runJavaScript({ code: tool.run.code, args, timeoutMs: tool.run.timeoutMs, signal });
      switch (result.kind) {
        case 'returned':
          return { kind: 'ok', output: result.value ?? null };
        case 'threw':
          return { kind: 'failed', message: `Error: The handler of '${tool.spec.name}' threw: ${result.message}` };
        case 'timed-out':
          return {
            kind: 'timed-out',
            message: `Error: The handler of '${tool.spec.name}' timed out after ${result.timeoutMs} ms and was stopped.`,
          };
        default:
          return assertNever(result);
      }
    }
    default:
      return assertNever(tool.run);
  }
}
