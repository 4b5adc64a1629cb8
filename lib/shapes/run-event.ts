/** What happened in a run, when (seed 003's events), for the event log. */
export type RunEventKind =
  | 'InferenceRequestStarted'
  | 'InferenceResponseReceived'
  | 'ToolCallStarted'
  | 'ToolCallCompleted'
  | 'ToolCallBlocked'
  | 'ToolCallIntercepted'
  | 'ToolCallStopped'
  | 'DecisionExtractionFailed'
  | 'ValidationFailed';

export type RunEvent = { kind: RunEventKind; atMs: number; detail: string; toolCallId?: string };
