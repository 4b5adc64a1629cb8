import { assertNever } from '../assert-never';
import { isCoreToolName } from '../tools/core-tool-definitions';
import { runCoreTool } from '../tools/run-core-tool';
import type { Sandbox } from '../sandbox/sandbox';
import type { ToolOutcome } from './tool-outcome';

/** Runs a core tool in the sandbox and times it; errors are worded for the model (seed 002 §7.3). */
export async function runSandboxTool(
  name: string,
  args: Record<string, unknown>,
  { getSandbox, signal, now }: { getSandbox: () => Promise<Sandbox>; signal?: AbortSignal; now: () => number },
): Promise<ToolOutcome> {
  if (!isCoreToolName(name)) {
    return {
      kind: 'failed',
      message: `Error: '${name}' has no sandbox implementation.\nOnly the core tools run in the sandbox; this tool needs a mock, manual or JavaScript handler.`,
    };
  }
  let sandbox: Sandbox;
  try {
    sandbox = await getSandbox();
  } catch (error) {
    const details = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', message: `Error: The sandbox could not start, so '${name}' did not run.\nDetails: ${details}` };
  }
  const startedMs = now();
  let result;
  try {
    result = await runCoreTool(name, args, { sandbox, signal });
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
