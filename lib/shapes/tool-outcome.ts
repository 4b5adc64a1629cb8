import type { OutputMetadata, ToolError, ToolErrorInput } from './tool-error';
import type { StateChange } from './state-change';

/**
 * What running one tool call came to. `ok` maps onto the AI SDK's `output-available`;
 * `awaiting-user` means a person types the result (manual tools); every other kind is a
 * failure carrying the seed 002 §6.3 error fields (`error`), which maps onto `output-error`:
 * the executor renders it as the seed's error text once, where it writes the part
 * (`toolErrorText`), and an after-interceptor reads it as the object (`toolErrorResult`).
 */
export type ToolOutcome =
  | { kind: 'ok'; output: unknown }
  | { kind: 'awaiting-user' }
  /** Refused before it ran: arguments its schema rejects, a tool not offered. */
  | { kind: 'invalid-input'; error: ToolErrorInput }
  | { kind: 'unknown-tool'; error: ToolErrorInput }
  | { kind: 'failed'; error: ToolErrorInput }
  | { kind: 'timed-out'; error: ToolErrorInput }
  /** Stopped by a rule: approval denied, an interceptor, an address not allowed. */
  | { kind: 'blocked'; error: ToolErrorInput }
  /** The person pressed Stop while it ran: processes killed, handlers ended. */
  | { kind: 'stopped'; error: ToolErrorInput };

/** A call that did not answer: the error fields the model will read. */
export type ToolFailure = Exclude<ToolOutcome, { kind: 'ok' } | { kind: 'awaiting-user' }>;

/** How a finished call ended, as the session records it per tool_call_id (the timeline draws it). */
export const TOOL_OUTCOME_KINDS = [
  'ok',
  'invalid-input',
  'unknown-tool',
  'failed',
  'timed-out',
  'blocked',
  'stopped',
] as const;
export type ToolOutcomeKind = (typeof TOOL_OUTCOME_KINDS)[number];

/**
 * The result a model receives for a sandbox call (seed 002 §3.3, §6.2): every field always
 * present; `error` says why when `success` is false (a non-zero exit).
 */
export type ToolResultOutput = {
  success: boolean;
  output: string;
  error: ToolError | null;
  exit_code: number | null;
  execution_time_ms: number;
  /** Files the call created, changed or removed (empty for tools that cannot write). */
  state_changes: StateChange[];
  metadata: OutputMetadata;
};

/** What running a JavaScript handler came to. */
export type HandlerResult =
  /** `stateText`: the handler's state as it left it (JSON), when the handler changed it. */
  | { kind: 'returned'; value: unknown; stateText?: string }
  | { kind: 'threw'; message: string }
  | { kind: 'timed-out'; timeoutMs: number }
  /** The state it was given (`stateText`) is not JSON: the handler did not run. */
  | { kind: 'bad-state' };

/** Runs a handler's function body with `args` and `context`, isolated from the page (a Web Worker in the browser). */
export type RunJavaScript = (request: {
  code: string;
  args: unknown;
  /** Read-only run context, the body's second parameter (seed 003 context injection). */
  context?: unknown;
  /**
   * The handler's state file (JSON text): parsed where the handler runs, it is the body's third
   * parameter, `state`, and comes back as `stateText` when the body changed it.
   */
  stateText?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}) => Promise<HandlerResult>;
