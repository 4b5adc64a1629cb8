import type { UIMessage } from 'ai';
import { readToolErrorText } from '../shapes/tool-error';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';

/*
 * What the timeline reads of one finished call without trusting it: how it ended, what a
 * sandbox-shaped result says of itself, the session's records for its id. A session, a file
 * or a link may hold any JSON here.
 */

export type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** The outcomes an error response's code tells apart from a plain failure (seed 002 §6.3 `error.code`). */
const OUTCOME_BY_CODE: Readonly<Record<string, ToolOutcomeKind>> = {
  STOPPED: 'stopped',
  STOPPED_BY_USER: 'stopped',
  BATCH_STOPPED: 'blocked',
  BLOCKED_BY_INTERCEPTOR: 'blocked',
  REJECTED_BY_USER: 'blocked',
  HANDLER_NOT_TRUSTED: 'blocked',
  INVALID_ARGUMENTS: 'invalid-input',
  MISSING_REQUIRED: 'invalid-input',
  UNKNOWN_TOOL: 'unknown-tool',
  TIMEOUT: 'timed-out',
};

/**
 * How a finished call ended: as the executor recorded it, else (a session from elsewhere, a
 * result typed by a person) from the part's state and its error response's code — never from
 * the wording of its error.
 */
export function outcomeOf(call: ToolPart, recorded: ToolOutcomeKind | undefined): ToolOutcomeKind | undefined {
  // Records are kept by tool_call_id, which a branch shares with the run it forked (a perturbed
  // replay recorded `timed-out` for the same id): a record the part itself contradicts is another branch's.
  const contradicted =
    (recorded === 'ok' && call.state !== 'output-available') ||
    (recorded !== undefined && recorded !== 'ok' && call.state === 'output-available');
  if (recorded && !contradicted) return recorded;
  if (call.state === 'output-available') return 'ok';
  if (call.state === 'output-error') {
    // The error response's own code says it, where it has one (a Compare lane keeps no outcomes).
    const code = readToolErrorText(call.errorText)?.error.code;
    return code !== undefined && Object.hasOwn(OUTCOME_BY_CODE, code) ? OUTCOME_BY_CODE[code] : 'failed';
  }
  if (call.state === 'output-denied') return 'blocked';
  return undefined;
}

/** A record's own entry for a tool_call_id (a call id such as "constructor" must not reach Object.prototype). */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** What a sandbox-shaped result says of itself (seed 002 §6.2), read from any value without trusting it. */
export function readResultFacts(output: unknown): { truncated: boolean; executionTimeMs: number | undefined } {
  if (typeof output !== 'object' || output === null) return { truncated: false, executionTimeMs: undefined };
  const { metadata, execution_time_ms: ms } = output as { metadata?: unknown; execution_time_ms?: unknown };
  return {
    truncated:
      typeof metadata === 'object' &&
      metadata !== null &&
      (metadata as { stdout_truncated?: unknown }).stdout_truncated === true,
    executionTimeMs: typeof ms === 'number' && Number.isFinite(ms) ? ms : undefined,
  };
}
