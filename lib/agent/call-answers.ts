import { formatBytes, INPUT_LIMITS } from '../limits/input-limits';
import { toolResultText } from '../messages/split-steps';
import type { ToolErrorInput } from '../shapes/tool-error';
import type { ToolOutcome } from '../shapes/tool-outcome';

/* Answers the executor gives in place of a call's own: a result too large to carry, a call its batch stopped. */

/**
 * A result as the conversation can carry it: one larger than `maxToolResultChars` (a handler's
 * 50 MB return, a 6 MB image) would make every later request too large to send, so the model
 * gets an error saying so instead — and so does the person, on the result node.
 */
export function withinResultLimit(toolName: string, outcome: Extract<ToolOutcome, { kind: 'ok' }>): ToolOutcome {
  const size = toolResultText(outcome.output).length;
  if (size <= INPUT_LIMITS.maxToolResultChars) return outcome;
  return {
    kind: 'failed',
    error: {
      type: 'ResourceError',
      code: 'RESULT_TOO_LARGE',
      message: `Error: The result of '${toolName}' is ${formatBytes(size)}, more than a result may be (${formatBytes(INPUT_LIMITS.maxToolResultChars)}): it was not sent.\nAsk for less: a smaller page, a narrower query, a smaller image.`,
      details: { tool: toolName, result_chars: size, limit_chars: INPUT_LIMITS.maxToolResultChars },
      recoverable: true,
      suggestedAction: 'Call it again asking for less.',
    },
  };
}

/** The answer to a call of a batch that was stopped before it ran. */
export function skippedError(toolName: string, why: string): ToolErrorInput {
  return {
    type: 'PermissionError',
    code: 'BATCH_STOPPED',
    message: `Error: '${toolName}' did not run: ${why}.`,
    details: { tool: toolName, reason: why },
    recoverable: true,
    suggestedAction: 'Call it again in a later step if it is still needed.',
  };
}
