import type { StateChange } from './state-change';

/** Seed 002 §7.1 categories a tool call can fail with. */
export type ToolErrorType = 'ValidationError' | 'ExecutionError' | 'TimeoutError' | 'PermissionError' | 'ResourceError';

/** Seed 002 §6.3 `error`: `message` is the seed §7.3 text worded for the model. */
export type ToolError = {
  type: ToolErrorType;
  message: string;
  /** A stable name for the failure: `TIMEOUT`, `NOT_FOUND`, `MISSING_REQUIRED`, … */
  code: string;
  details: Record<string, unknown>;
};

/** seed 002 §6.2 metadata: always present on a sandbox result. */
export type OutputMetadata = { stdout_truncated: boolean; stderr_truncated: boolean; total_output_bytes: number };

/** The seed 002 §6.3 error response a failed call returns to the model (as JSON text). */
export type ToolErrorResult = {
  /** The call it answers (set where the call's part is written: `toolErrorText`). */
  tool_call_id?: string;
  success: false;
  output: string;
  error: ToolError;
  exit_code: number | null;
  execution_time_ms: number;
  state_changes: StateChange[];
  recoverable: boolean;
  suggested_action: string;
  metadata: OutputMetadata;
};

export type ToolErrorInput = ToolError & {
  recoverable: boolean;
  suggestedAction: string;
  /** What the call printed before it failed. */
  partialOutput?: string;
  executionTimeMs?: number;
  stateChanges?: StateChange[];
  /** A failure answered already (a recorded answer replayed, a preset's): served exactly as it was written. */
  written?: string;
};

/** The seed 002 §6.3 error response of a failure, `tool_call_id` first when the call is known. */
export function toolErrorResult(input: ToolErrorInput, toolCallId?: string): ToolErrorResult {
  const partial = input.partialOutput ?? '';
  return {
    ...(toolCallId === undefined ? {} : { tool_call_id: toolCallId }),
    success: false,
    output: partial,
    error: { type: input.type, message: input.message, code: input.code, details: input.details },
    exit_code: null,
    execution_time_ms: Math.round(input.executionTimeMs ?? 0),
    state_changes: input.stateChanges ?? [],
    recoverable: input.recoverable,
    suggested_action: input.suggestedAction,
    metadata: {
      stdout_truncated: false,
      stderr_truncated: false,
      total_output_bytes: new TextEncoder().encode(partial).length,
    },
  };
}

/**
 * The text a failed call answers the model with: the seed's error response as JSON, its
 * `error.message` worded as seed 002 §7.3 says. The AI SDK sends it as the tool result
 * marked as an error (`is_error` on Anthropic), so every provider sees both. The executor
 * renders a failure once, where it writes the call's part; before that it is a `ToolErrorInput`.
 */
export function toolErrorText(input: ToolErrorInput, toolCallId?: string): string {
  if (input.written !== undefined)
    return toolCallId === undefined ? input.written : withToolCallId(input.written, toolCallId);
  return JSON.stringify(toolErrorResult(input, toolCallId), null, 2);
}

/** What an after-interceptor reads of a failure: the error response as an object (or a recorded plain text as it is). */
export function toolErrorView(input: ToolErrorInput): ToolErrorResult | string {
  if (input.written === undefined) return toolErrorResult(input);
  return readToolErrorText(input.written) ?? input.written;
}

/** A failure from a text written before (a recording, a preset): its fields when it is the seed's error response. */
export function writtenError(text: string): ToolErrorInput {
  const result = readToolErrorText(text);
  return {
    type: result?.error.type ?? 'ExecutionError',
    code: result?.error.code ?? 'RECORDED',
    message: result?.error.message ?? text,
    details: result?.error.details ?? {},
    recoverable: result?.recoverable ?? true,
    suggestedAction: result?.suggested_action ?? '',
    written: text,
  };
}

/** A failed call's error response, when its text is one (a session from elsewhere may hold plain text). */
export function readToolErrorText(errorText: string): ToolErrorResult | undefined {
  if (!errorText.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(errorText) as Partial<ToolErrorResult>;
    return value.success === false && typeof value.error?.message === 'string' ? (value as ToolErrorResult) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The error response with the seed's `tool_call_id` first (seed 002 §6.3), as the executor
 * answers a call with it; a text that is not an error response is left as it is.
 */
function withToolCallId(errorText: string, toolCallId: string): string {
  const result = readToolErrorText(errorText);
  if (!result) return errorText;
  const { tool_call_id: _old, ...rest } = result;
  return JSON.stringify({ tool_call_id: toolCallId, ...rest }, null, 2);
}

/** What a person reads of a failed call: the error's message, else the text as it is. */
export function errorMessageOf(errorText: string): string {
  return readToolErrorText(errorText)?.error.message ?? errorText;
}

/** Seed 002 §7.3 wording, one function per error the seed words. */
export const SEED_ERROR_TEXT = {
  missingRequired: (parameter: string) =>
    `Error: Missing required parameter '${parameter}'.\nPlease provide this parameter and try again.`,
  execution: (details: string) =>
    `Error: Command execution failed.\nDetails: ${details}\nYou may need to check the command syntax or try an alternative approach.`,
  timeout: (duration: string) =>
    `Error: Operation timed out after ${duration}.\nConsider breaking the operation into smaller steps or increasing the timeout.`,
  permissionDenied: (resource: string) =>
    `Error: Permission denied for '${resource}'.\nThis resource is not accessible. Try an alternative approach.`,
  notFound: (resource: string) =>
    `Error: '${resource}' not found.\nVerify the path/resource exists before attempting to access it.`,
} as const;

/** A failure a person reports for a manual tool, before it is written. */
export function manualError(toolName: string, text: string): ToolErrorInput {
  return {
    type: 'ExecutionError',
    code: 'REPORTED_BY_USER',
    message: `Error: ${text.trim() || `'${toolName}' failed.`}`,
    details: { tool: toolName },
    recoverable: true,
    suggestedAction: 'Read the error; try other arguments or another approach.',
  };
}
