import { assertNever } from '../shapes/assert-never';
import type { ToolRun } from '../shapes/tool-spec';
import type { Sandbox } from '../sandbox/sandbox';
import { SEED_ERROR_TEXT } from '../shapes/tool-error';
import type { HandlerResult, RunJavaScript, ToolOutcome } from '../shapes/tool-outcome';
import type { ToolCallContext } from './run-interceptors';

type HandlerRun = Extract<ToolRun, { kind: 'javascript' }>;

/** The most a handler's state file may grow to, in characters (a session holds at most 10 MB). */
export const MAX_STATE_CHARS = 5_000_000;

/** The state file could not be handed over: the call did not run. */
type StateFailure = { kind: 'state-failed'; outcome: ToolOutcome };

const stateFailure = (tool: string, stateFile: string, problem: string, code: string): StateFailure => ({
  kind: 'state-failed',
  outcome: {
    kind: 'failed',
    error: {
      type: 'ExecutionError',
      code,
      message: `Error: The handler of '${tool}' keeps its state in ${stateFile}, which ${problem}; the call did not run.`,
      details: { tool, state_file: stateFile },
      recoverable: false,
      suggestedAction: `Answer without this tool; the person has to put ${stateFile} in the workspace (a case's files, or the session's starting files).`,
    },
  },
});

/**
 * Runs `work` with the handler's state: the workspace JSON file read and handed over (parsed where
 * the handler runs, off the page), and what the handler left in it written back (only when it
 * changed), in a write turn of its own so parallel calls over one database take turns.
 */
async function withStateFile(
  tool: string,
  stateFile: string,
  getSandbox: () => Promise<Sandbox>,
  work: (stateText: string) => Promise<HandlerResult>,
): Promise<HandlerResult | StateFailure> {
  let sandbox: Sandbox;
  try {
    sandbox = await getSandbox();
  } catch (error) {
    return stateFailure(tool, stateFile, `could not be read (${(error as Error).message})`, 'SANDBOX_UNAVAILABLE');
  }
  // The schema keeps `stateFile` relative and inside the workspace.
  const path = `${sandbox.root}/${stateFile}`;
  return sandbox.inWriteTurn(async () => {
    if (!(await sandbox.exists(path))) return stateFailure(tool, stateFile, 'is not in the workspace', 'STATE_MISSING');
    const result = await work(await sandbox.readFile(path));
    if (result.kind === 'bad-state') return stateFailure(tool, stateFile, 'is not JSON', 'STATE_NOT_JSON');
    if (result.kind !== 'returned' || result.stateText === undefined) return result;
    if (result.stateText.length > MAX_STATE_CHARS)
      return {
        kind: 'threw',
        message: `it left ${stateFile} at ${result.stateText.length.toLocaleString('en-US')} characters, over the ${MAX_STATE_CHARS.toLocaleString('en-US')} a state file may hold; nothing was written`,
      };
    await sandbox.writeFile(path, result.stateText);
    return result;
  });
}

/**
 * A JavaScript handler's call: its body run by `runJavaScript` (in the browser, a worker in a
 * sandboxed frame) with the arguments, the run's context and — with `stateFile` — the state the
 * handler keeps in the workspace; a throw or a timeout is a tool error the model reads.
 */
export async function runHandlerTool(
  name: string,
  run: HandlerRun,
  args: Record<string, unknown>,
  {
    runJavaScript,
    getSandbox,
    context,
    signal,
    now,
  }: {
    runJavaScript: RunJavaScript;
    getSandbox: () => Promise<Sandbox>;
    context?: ToolCallContext;
    signal?: AbortSignal;
    now: () => number;
  },
): Promise<ToolOutcome> {
  const startedMs = now();
  const call = (state?: { stateText: string }) =>
    runJavaScript({ code: run.code, args, context, timeoutMs: run.timeoutMs, signal, ...state });
  const result = run.stateFile
    ? await withStateFile(name, run.stateFile, getSandbox, (stateText) => call({ stateText }))
    : await call();
  switch (result.kind) {
    case 'returned':
      return { kind: 'ok', output: result.value ?? null };
    case 'threw':
      return {
        kind: 'failed',
        error: {
          type: 'ExecutionError',
          code: 'HANDLER_THREW',
          message: SEED_ERROR_TEXT.execution(`The handler of '${name}' threw: ${result.message}`),
          details: { tool: name, reason: result.message },
          recoverable: true,
          suggestedAction: 'Check the arguments against what the handler expects and try again.',
          executionTimeMs: now() - startedMs,
        },
      };
    case 'timed-out':
      return {
        kind: 'timed-out',
        error: {
          type: 'TimeoutError',
          code: 'TIMEOUT',
          message: `${SEED_ERROR_TEXT.timeout(`${result.timeoutMs} ms`)}\nThe handler of '${name}' was stopped.`,
          details: { tool: name, timeout_ms: result.timeoutMs },
          recoverable: true,
          suggestedAction: 'Try smaller input; the handler has a fixed time limit.',
          executionTimeMs: now() - startedMs,
        },
      };
    case 'state-failed':
      return result.outcome;
    case 'bad-state':
      return stateFailure(name, run.stateFile ?? '', 'is not JSON', 'STATE_NOT_JSON').outcome;
    default:
      return assertNever(result);
  }
}
