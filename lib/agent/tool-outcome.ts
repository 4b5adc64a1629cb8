/**
 * What running one tool call came to. `ok` maps onto the AI SDK's `output-available`; every
 * other kind maps onto `output-error` with `message` as the text the model reads.
 */
export type ToolOutcome =
  | { kind: 'ok'; output: ToolResultOutput }
  | { kind: 'invalid-input'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'timed-out'; message: string };

/** The result a model receives for a call that ran (seed 002 §6.2, trimmed to what we know). */
export type ToolResultOutput = {
  success: boolean;
  output: string;
  exit_code?: number;
  execution_time_ms: number;
};
