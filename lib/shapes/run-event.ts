/** What happened in a run, when (seed 003's events), for the event log. */
export type RunEventKind =
  | 'InferenceRequestStarted'
  | 'InferenceResponseReceived'
  | 'ToolCallStarted'
  | 'ToolCallCompleted'
  | 'ToolCallBlocked'
  | 'ToolCallIntercepted'
  | 'ToolCallStopped'
  /** An MCP server asked the person something while its tool ran, and how they answered. */
  | 'ToolCallInput'
  | 'DecisionExtractionFailed'
  | 'ValidationFailed';

export type RunEvent = { kind: RunEventKind; atMs: number; detail: string; toolCallId?: string };
