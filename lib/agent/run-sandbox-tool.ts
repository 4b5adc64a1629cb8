import { assertNever } from '../shapes/assert-never';
import { coreToolTraits, isCoreToolName, isSandboxToolName } from '../shapes/core-tool-definitions';
import { runToolsetTool } from './sandbox-tools/run-toolset-tool';
import type { ToolsetToolName } from '../shapes/toolset-definitions';
import { runCoreTool } from './sandbox-tools/run-core-tool';
import type { Sandbox } from '../sandbox/sandbox';
import type { SandboxFiles } from '../shapes/sandbox-status';
import type { CoreToolResult } from './sandbox-tools/run-core-tool';
import { SEED_ERROR_TEXT, type OutputMetadata, type ToolErrorInput } from '../shapes/tool-error';
import { diffDirectories, diffSnapshots } from './track-file-changes';
import type { StateChange } from '../shapes/state-change';
import type { ToolOutcome, ToolResultOutput } from '../shapes/tool-outcome';

/** Longest tool output a model receives, in characters; the rest is cut with a note. */
export const MAX_OUTPUT_CHARS = 20_000;
/** Of that, what stderr may take when both streams are too long together. */
const MAX_STDERR_CHARS = 5_000;

function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n… [output truncated: ${text.length - maxChars} more characters]`;
}

/**
 * The output as the model receives it: stdout, then stderr after `[stderr]`, at most
 * MAX_OUTPUT_CHARS together (stderr keeps up to 5,000 of them), with the seed's metadata
 * saying which stream was cut and how big the whole was (seed 002 §6.2).
 */
export function truncateOutput(stdout: string, stderr = ''): { output: string; metadata: OutputMetadata } {
  const totalBytes = new TextEncoder().encode(stdout + stderr).length;
  const fits = stdout.length + stderr.length <= MAX_OUTPUT_CHARS;
  const stderrBudget = fits ? stderr.length : Math.min(stderr.length, MAX_STDERR_CHARS);
  const stdoutBudget = fits ? stdout.length : MAX_OUTPUT_CHARS - stderrBudget;
  const shownOut = cut(stdout, stdoutBudget);
  const output = stderr ? `${shownOut}${shownOut ? '\n' : ''}[stderr]\n${cut(stderr, stderrBudget)}` : shownOut;
  return {
    output,
    metadata: {
      stdout_truncated: stdout.length > stdoutBudget,
      stderr_truncated: stderr.length > stderrBudget,
      total_output_bytes: totalBytes,
    },
  };
}

/** Runs a core tool in the sandbox and times it; errors are worded for the model (seed 002 §7.3). */
export async function runSandboxTool(
  name: string,
  args: Record<string, unknown>,
  { getSandbox, signal, now }: { getSandbox: () => Promise<Sandbox>; signal?: AbortSignal; now: () => number },
): Promise<ToolOutcome> {
  if (!isSandboxToolName(name)) {
    return {
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'NO_SANDBOX_IMPLEMENTATION',
        message: `Error: '${name}' has no sandbox implementation.\nOnly the core tools run in the sandbox; this tool needs a mock, manual or JavaScript handler.`,
        details: { tool: name },
        recoverable: false,
        suggestedAction: 'Use another tool; the person can give this one a mock, manual or JavaScript handler.',
      },
    };
  }
  let sandbox: Sandbox;
  try {
    sandbox = await getSandbox();
  } catch (error) {
    const details = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'SANDBOX_UNAVAILABLE',
        message: `Error: The sandbox could not start, so '${name}' did not run.\nDetails: ${details}`,
        details: { tool: name, reason: details },
        recoverable: false,
        suggestedAction: 'Answer without this tool, or ask the person to start the sandbox.',
      },
    };
  }
  // Stopped while the sandbox was starting: nothing runs (a listener added now would never hear the stop).
  if (signal?.aborted)
    return {
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'STOPPED',
        message: `Error: '${name}' was stopped before it started.`,
        details: { tool: name },
        recoverable: true,
        suggestedAction: 'Wait for the user before calling it again.',
      },
    };
  // null is "not given": OpenAI's strict mode makes every optional property required and nullable
  // (Make compatible writes them so), and the sandbox tools take none of their arguments as null.
  const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
  if (!coreToolTraits(name).writesFiles) return execute(name, given, { sandbox, signal, now, tracks: false });
  // Calls that can change files take turns, so each one's state changes are its own;
  // read-only calls in the same step run alongside them.
  return sandbox.inWriteTurn(() => execute(name, given, { sandbox, signal, now, tracks: true }));
}

async function execute(
  name: string,
  args: Record<string, unknown>,
  { sandbox, signal, now, tracks }: { sandbox: Sandbox; signal?: AbortSignal; now: () => number; tracks: boolean },
): Promise<ToolOutcome> {
  const before = tracks ? await observe(sandbox) : undefined;
  const startedMs = now();
  let result: Awaited<ReturnType<typeof runCoreTool>>;
  try {
    result = isCoreToolName(name)
      ? await runCoreTool(name, args, { sandbox, signal })
      : await runToolsetTool(name as ToolsetToolName, args, { sandbox, signal });
  } catch (error) {
    const details = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'EXECUTION_FAILED',
        message: SEED_ERROR_TEXT.execution(details),
        details: { tool: name, reason: details },
        recoverable: true,
        suggestedAction: 'Check the arguments, or try an alternative approach.',
        executionTimeMs: now() - startedMs,
      },
    };
  }
  const executionTimeMs = Math.round(now() - startedMs);
  const after = before ? await observe(sandbox) : undefined;
  const stateChanges: StateChange[] =
    before && after
      ? [
          ...diffDirectories(before.directories, after.directories),
          ...diffSnapshots(before.files, after.files),
          ...(result.kind === 'done' ? (result.stateChanges ?? []) : []),
        ]
      : result.kind === 'done'
        ? (result.stateChanges ?? [])
        : [];
  switch (result.kind) {
    case 'done': {
      const { output, metadata } = truncateOutput(result.output, result.stderr);
      const exitCode = result.exitCode ?? null;
      const toolResult: ToolResultOutput = {
        success: result.success,
        output,
        error:
          result.success || exitCode === null
            ? null
            : {
                type: 'ExecutionError',
                code: 'NON_ZERO_EXIT',
                message: `The command exited with code ${exitCode}.`,
                details: { exit_code: exitCode },
              },
        exit_code: exitCode,
        execution_time_ms: executionTimeMs,
        state_changes: stateChanges,
        metadata,
      };
      return { kind: 'ok', output: toolResult };
    }
    case 'failure':
      return { kind: 'failed', error: describeFailure(name, result, executionTimeMs, stateChanges) };
    case 'timed-out':
      return {
        kind: 'timed-out',
        error: {
          type: 'TimeoutError',
          code: 'TIMEOUT',
          message: SEED_ERROR_TEXT.timeout(`${result.timeoutSeconds}s`),
          details: { tool: name, timeout_seconds: result.timeoutSeconds, partial_output: result.partialOutput },
          recoverable: true,
          suggestedAction: 'Retry with a larger timeout_seconds, or split the work into smaller commands.',
          partialOutput: result.partialOutput,
          executionTimeMs,
          stateChanges,
        },
      };
    default:
      return assertNever(result);
  }
}

/** What a call can change that the sandbox shows: its files, and its directories (relative paths). */
async function observe(sandbox: Sandbox): Promise<{ files: SandboxFiles; directories: string[] }> {
  const [files, entries] = await Promise.all([sandbox.snapshot(), sandbox.list(sandbox.root, 64)]);
  const directories = entries
    .filter((entry) => entry.kind === 'directory')
    .map((entry) => entry.path.slice(sandbox.root.length + 1));
  return { files, directories };
}

/** A core tool's failure as the seed words it: not found, permission denied, or an execution error. */
function describeFailure(
  name: string,
  failure: Extract<CoreToolResult, { kind: 'failure' }>,
  executionTimeMs: number,
  stateChanges: StateChange[],
): ToolErrorInput {
  const common = { executionTimeMs, stateChanges };
  switch (failure.reason) {
    case 'not-found':
      return {
        type: 'ResourceError',
        code: 'NOT_FOUND',
        message: SEED_ERROR_TEXT.notFound(failure.resource ?? ''),
        details: { tool: name, path: failure.resource },
        recoverable: true,
        suggestedAction: 'List the directory (list_files) to find the right path.',
        ...common,
      };
    case 'permission':
      return {
        type: 'PermissionError',
        code: 'PERMISSION_DENIED',
        message: `${SEED_ERROR_TEXT.permissionDenied(failure.resource ?? '')}\n${failure.message}`,
        details: { tool: name, path: failure.resource, reason: failure.message },
        recoverable: true,
        suggestedAction: 'Use a path inside the workspace, relative to it (e.g. "src/index.js").',
        ...common,
      };
    case 'execution':
      return {
        type: 'ExecutionError',
        code: 'EXECUTION_FAILED',
        message: SEED_ERROR_TEXT.execution(failure.message),
        details: { tool: name, reason: failure.message },
        recoverable: true,
        suggestedAction: 'Read the details, adjust the arguments and try again.',
        ...common,
      };
    default:
      return assertNever(failure.reason);
  }
}
