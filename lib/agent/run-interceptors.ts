import { clip } from '../limits/clip';
import type { Interception, Interceptor } from '../shapes/interceptor-spec';
import { INTERCEPTOR_TIMEOUT_MS } from '../shapes/interceptor-kinds';
import { type ToolErrorInput, toolErrorView } from '../shapes/tool-error';
import type { HandlerResult, RunJavaScript, ToolOutcome } from '../shapes/tool-outcome';

/**
 * What a handler or an interceptor may read of the run (seed 003 context injection): the
 * call it serves and a copy of the conversation so far — a copy, so changing it changes nothing.
 */
export type ToolCallContext = {
  toolCallId: string;
  toolName: string;
  /** The model step (1-based) of the current assistant message that made the call. */
  step: number;
  provider: string;
  model: string;
  /** The latest messages as plain text, oldest first (at most 20, each cut to 1,000 characters). */
  messages: { role: string; text: string }[];
};

type Call = { id: string; name: string; arguments: unknown };
type Options = {
  interceptors: readonly Interceptor[];
  call: Call;
  context: ToolCallContext;
  runJavaScript: RunJavaScript | undefined;
  /** False for interceptors that came with a shared session and have not been allowed to run. */
  trusted: boolean;
  signal?: AbortSignal;
};

export type BeforeOutcome =
  | { kind: 'run'; input: unknown; records: Interception[] }
  | { kind: 'blocked'; error: ToolErrorInput; records: Interception[] };

const record = (interceptor: Interceptor, action: Interception['action'], detail: string): Interception => ({
  interceptor: interceptor.name,
  phase: interceptor.phase,
  action,
  detail: clip(detail, 500),
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs one interceptor's body; a person's code never gets further than the handler sandbox. */
async function runOne(interceptor: Interceptor, args: unknown, options: Options): Promise<HandlerResult> {
  if (!options.trusted)
    return { kind: 'threw', message: 'it came with a shared session and has not been allowed to run' };
  if (!options.runJavaScript) return { kind: 'threw', message: 'JavaScript cannot run here' };
  return options.runJavaScript({
    code: interceptor.code,
    args,
    context: options.context,
    timeoutMs: INTERCEPTOR_TIMEOUT_MS,
    signal: options.signal,
  });
}

/** An interceptor's answer: an object (or nothing, to pass), or why it failed — it threw, ran too long or answered something else. */
function readAnswer(
  result: HandlerResult,
): { ok: true; value: Record<string, unknown> | undefined } | { ok: false; reason: string } {
  if (result.kind === 'threw') return { ok: false, reason: result.message };
  if (result.kind === 'timed-out') return { ok: false, reason: `it ran longer than ${result.timeoutMs} ms` };
  if (result.kind === 'bad-state') return { ok: false, reason: 'its state is not JSON' };
  const value = result.value;
  if (value === null || value === undefined) return { ok: true, value: undefined };
  if (isObject(value)) return { ok: true, value };
  return { ok: false, reason: `it returned ${clip(JSON.stringify(value), 100)}, not null or an object` };
}

/** Why an interceptor blocked a call, worded for the model as the seed's error response. */
function blockedError(call: Call, interceptor: Interceptor, reason: string, code: string): ToolErrorInput {
  return {
    type: 'PermissionError',
    code,
    message: `Error: The call to '${call.name}' was blocked by the interceptor '${interceptor.name}': ${reason}`,
    details: { tool: call.name, interceptor: interceptor.name, reason },
    recoverable: true,
    suggestedAction: 'Do not repeat the call unchanged; try another approach.',
  };
}

/**
 * The person's before-interceptors, in order (seed 003 Executor 1): each may block the call,
 * change its arguments (the next one sees the change) or add a note. One that fails or
 * answers something else blocks the call — a guard that breaks must not let calls through.
 */
export async function interceptBefore(options: Options): Promise<BeforeOutcome> {
  const records: Interception[] = [];
  let input = options.call.arguments;
  for (const interceptor of options.interceptors.filter((each) => each.enabled && each.phase === 'before')) {
    const result = await runOne(
      interceptor,
      { call: { ...options.call, arguments: input }, context: options.context },
      options,
    );
    const answer = readAnswer(result);
    if (!answer.ok) {
      const { reason } = answer;
      records.push(record(interceptor, 'errored', reason));
      return {
        kind: 'blocked',
        error: blockedError(options.call, interceptor, `the interceptor failed (${reason})`, 'INTERCEPTOR_FAILED'),
        records,
      };
    }
    const value = answer.value;
    if (!value) continue;
    if (typeof value.block === 'string' || value.block === true) {
      const reason = typeof value.block === 'string' ? value.block : 'no reason given';
      records.push(record(interceptor, 'blocked', reason));
      return {
        kind: 'blocked',
        error: blockedError(options.call, interceptor, reason, 'BLOCKED_BY_INTERCEPTOR'),
        records,
      };
    }
    if (isObject(value.arguments)) {
      input = value.arguments;
      records.push(record(interceptor, 'changed arguments', JSON.stringify(input)));
    }
    if (typeof value.note === 'string') records.push(record(interceptor, 'noted', value.note));
  }
  return { kind: 'run', input, records };
}

/** The result as an after-interceptor reads it. */
function resultView(outcome: ToolOutcome): { ok: true; output: unknown } | { ok: false; error: unknown } {
  if (outcome.kind === 'ok') return { ok: true, output: outcome.output };
  return { ok: false, error: 'error' in outcome ? toolErrorView(outcome.error) : undefined };
}

/**
 * The person's after-interceptors, in order (seed 003 Executor 7): each may replace the
 * result (`{ output }`), turn it into a failure (`{ error }`) or add a note. One that fails
 * withholds the result — a redaction that breaks must not leak what it was meant to hide.
 */
export async function interceptAfter(
  options: Options & { outcome: ToolOutcome },
): Promise<{ outcome: ToolOutcome; records: Interception[] }> {
  const records: Interception[] = [];
  let outcome = options.outcome;
  if (outcome.kind === 'awaiting-user') return { outcome, records };
  for (const interceptor of options.interceptors.filter((each) => each.enabled && each.phase === 'after')) {
    const result = await runOne(
      interceptor,
      { call: options.call, result: resultView(outcome), context: options.context },
      options,
    );
    const answer = readAnswer(result);
    if (!answer.ok) {
      const { reason } = answer;
      records.push(record(interceptor, 'errored', reason));
      const error: ToolErrorInput = {
        type: 'ExecutionError',
        code: 'INTERCEPTOR_FAILED',
        message: `Error: The interceptor '${interceptor.name}' failed (${reason}), so the result of '${options.call.name}' was withheld.`,
        details: { tool: options.call.name, interceptor: interceptor.name, reason },
        recoverable: false,
        suggestedAction: 'Answer without this result.',
      };
      return { outcome: { kind: 'failed', error }, records };
    }
    const value = answer.value;
    if (!value) continue;
    if ('output' in value) {
      outcome = { kind: 'ok', output: value.output ?? null };
      records.push(
        record(interceptor, 'rewrote result', typeof value.note === 'string' ? value.note : 'result replaced'),
      );
    } else if (typeof value.error === 'string') {
      outcome = {
        kind: 'failed',
        error: {
          type: 'ExecutionError',
          code: 'FAILED_BY_INTERCEPTOR',
          message: `Error: ${value.error}`,
          details: { tool: options.call.name, interceptor: interceptor.name },
          recoverable: true,
          suggestedAction: 'Read the error and try another approach.',
        },
      };
      records.push(record(interceptor, 'failed the call', value.error));
    } else if (typeof value.note === 'string') records.push(record(interceptor, 'noted', value.note));
  }
  return { outcome, records };
}
