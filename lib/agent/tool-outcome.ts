/**
 * What running one tool call came to. `ok` maps onto the AI SDK's `output-available`;
 * `awaiting-user` means a person types the result (manual tools); every other kind maps
 * onto `output-error` with `message` as the text the model reads.
 */
export type ToolOutcome =
  | { kind: 'ok'; output: unknown }
  | { kind: 'awaiting-user' }
  | { kind: 'invalid-input'; message: string }
  | { kind: 'unknown-tool'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'timed-out'; message: string }
  | { kind: 'blocked'; message: string };

/** How a finished call ended, as the session records it per tool_call_id (the timeline draws it). */
export const TOOL_OUTCOME_KINDS = ['ok', 'invalid-input', 'unknown-tool', 'failed', 'timed-out', 'blocked'] as const;
export type ToolOutcomeKind = (typeof TOOL_OUTCOME_KINDS)[number];

/** The result a model receives for a sandbox call (seed 002 §6.2). */
export type ToolResultOutput = {
  success: boolean;
  output: string;
  exit_code?: number;
  execution_time_ms: number;
  /** Files the call created, changed or removed (only for tools that can write). */
  state_changes?: { type: 'FileCreated' | 'FileModified' | 'FileDeleted'; path: string }[];
  /** Present when the output was cut to fit (seed 002 §6.2 metadata). */
  metadata?: { stdout_truncated: boolean; total_output_bytes: number };
};

/** What running a JavaScript handler came to. */
export type HandlerResult =
  | { kind: 'returned'; value: unknown }
  | { kind: 'threw'; message: string }
  | { kind: 'timed-out'; timeoutMs: number };

/** Runs a handler's function body with `args`, isolated from the page (a Web Worker in the browser). */
export type RunJavaScript = (request: {
  code: string;
  args: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}) => Promise<HandlerResult>;
