import type { ToolErrorInput } from '../shapes/tool-error';
import type { RunStore } from './run-store';
import { type ApprovalSubject, needsApproval } from './approval-policy';
import type { RunGate } from './run-gate';

export type InterceptedCall =
  | { kind: 'run'; input: unknown; edited: boolean }
  | { kind: 'blocked'; error: ToolErrorInput };

/**
 * The before-tool-use interceptors (seed 003): step mode stops before the call; the
 * approval policy asks the person, who may approve (with edited arguments) or reject
 * with a reason the model reads.
 */
export async function interceptToolCall({
  call,
  store,
  gate,
  mcp,
}: {
  call: { toolCallId: string; toolName: string; input: unknown };
  store: RunStore;
  gate: RunGate;
  /** Set for an MCP tool: its annotations feed "Ask before destructive tools". */
  mcp?: ApprovalSubject['mcp'];
}): Promise<InterceptedCall> {
  const { stepMode, approval } = store.getState();
  if (stepMode) {
    const answer = await gate.wait({ kind: 'step', label: `Before running ${call.toolName}` });
    if (answer.kind === 'reject')
      return {
        kind: 'blocked',
        error: {
          type: 'PermissionError',
          code: 'STOPPED_BY_USER',
          message: `Error: The call to '${call.toolName}' did not run: ${answer.reason}`,
          details: { tool: call.toolName, reason: answer.reason },
          recoverable: false,
          suggestedAction: 'Do not call it again in this run.',
        },
      };
  }
  if (!needsApproval(approval, { toolName: call.toolName, mcp }))
    return { kind: 'run', input: call.input, edited: false };
  const answer = await gate.wait({
    kind: 'approval',
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input,
  });
  if (answer.kind === 'reject') {
    store.getState().recordApproval(call.toolCallId, 'rejected');
    return {
      kind: 'blocked',
      error: {
        type: 'PermissionError',
        code: 'REJECTED_BY_USER',
        message: `Error: The user rejected this call to '${call.toolName}'${answer.reason ? `: ${answer.reason}` : '.'}\nDo not repeat it unchanged; adjust the arguments or try another approach.`,
        details: { tool: call.toolName, reason: answer.reason ?? null },
        recoverable: true,
        suggestedAction: 'Adjust the arguments or try another approach.',
      },
    };
  }
  const input = answer.kind === 'approve' ? answer.input : call.input;
  const edited = JSON.stringify(input) !== JSON.stringify(call.input);
  store.getState().recordApproval(call.toolCallId, edited ? 'edited' : 'approved');
  return { kind: 'run', input, edited };
}
