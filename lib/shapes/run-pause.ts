/** Where a run waits for the person: a step-mode stop, or a call waiting for approval. */
export type RunPause =
  | { kind: 'step'; label: string }
  | { kind: 'approval'; toolCallId: string; toolName: string; input: unknown };

/** How the person let the run go on. */
export type GateAnswer =
  | { kind: 'continue' }
  | { kind: 'approve'; input: unknown }
  | { kind: 'reject'; reason: string };
