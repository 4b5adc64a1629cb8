import { assertNever } from '../assert-never';
import { coreToolTraits, isCoreToolName, type CoreToolName } from '../tools/core-tool-definitions';
import { runCoreTool } from '../tools/run-core-tool';
import type { Sandbox } from '../sandbox/sandbox';
import { diffSnapshots } from './track-file-changes';
import type { ToolOutcome } from './tool-outcome';

/** Longest tool output a model receives, in characters; the rest is cut with a note. */
export const MAX_OUTPUT_CHARS = 20_000;

/** The output as the model receives it: at most MAX_OUTPUT_CHARS, with the seed's metadata when cut. */
export function truncateOutput(output: string): {
  output: string;
  metadata?: { stdout_truncated: boolean; total_output_bytes: number };
} {
  if (output.length <= MAX_OUTPUT_CHARS) return { output };
  const totalBytes = new TextEncoder().encode(output).length;
  const head = output.slice(0, MAX_OUTPUT_CHARS);
  return {
    output: `${head}\n… [output truncated: ${output.length - MAX_OUTPUT_CHARS} more characters, ${totalBytes} bytes in all]`,
    metadata: { stdout_truncated: true, total_output_bytes: totalBytes },
  };
}

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
    return {
      kind: 'failed',
      message: `Error: The sandbox could not start, so '${name}' did not run.\nDetails: ${details}`,
    };
  }
  if (!coreToolTraits(name).writesFiles) return execute(name, args, { sandbox, signal, now, tracks: false });
  // Calls that can change files take turns, so each one's state changes are its own;
  // read-only calls in the same step run alongside them.
  return sandbox.inWriteTurn(() => execute(name, args, { sandbox, signal, now, tracks: true }));
}

async function execute(
  name: CoreToolName,
  args: Record<string, unknown>,
  { sandbox, signal, now, tracks }: { sandbox: Sandbox; signal?: AbortSignal; now: () => number; tracks: boolean },
): Promise<ToolOutcome> {
  const before = tracks ? await sandbox.snapshot() : undefined;
  const startedMs = now();
  let result: Awaited<ReturnType<typeof runCoreTool>>;
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
  const changes = before ? diffSnapshots(before, await sandbox.snapshot()) : [];
  switch (result.kind) {
    case 'done': {
      const { output, metadata } = truncateOutput(result.output);
      return {
        kind: 'ok',
        output: {
          success: result.success,
          output,
          ...(result.exitCode === undefined ? {} : { exit_code: result.exitCode }),
          execution_time_ms: executionTimeMs,
          ...(changes.length > 0 ? { state_changes: changes } : {}),
          ...(metadata ? { metadata } : {}),
        },
      };
    }
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
