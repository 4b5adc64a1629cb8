import type { McpInputAnswer, McpInputRequest } from './mcp-input';

/** Where a run waits for the person: a step-mode stop, a call waiting for approval, or an MCP server's question. */
export type RunPause =
  | { kind: 'step'; label: string }
  | { kind: 'approval'; toolCallId: string; toolName: string; input: unknown }
  | ({ kind: 'input'; toolCallId: string; toolName: string } & McpInputRequest);

/** How the person let the run go on. */
export type GateAnswer =
  | { kind: 'continue' }
  | { kind: 'approve'; input: unknown }
  | { kind: 'reject'; reason: string }
  /** The answer to an MCP server's question (accept with the form's values, decline, or cancel). */
  | { kind: 'input'; answer: McpInputAnswer };
