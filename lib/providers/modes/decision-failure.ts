import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../../shapes/tool-parts';
import { errorMessageOf } from '../../shapes/tool-error';

/** Seed 003's pseudo-tools: the failure step of a decision that could not be used after the retries. */
export const DECISION_FAILURE_TOOLS = {
  extraction: 'decision_extraction',
  validation: 'decision_validation',
} as const;

/** The event each pseudo-tool is logged as (seed 003 `DecisionExtractionFailed`, `ValidationFailed`). */
export const DECISION_FAILURE_EVENTS = {
  decision_extraction: 'DecisionExtractionFailed',
  decision_validation: 'ValidationFailed',
} as const;

export type DecisionFailure = { toolName: keyof typeof DECISION_FAILURE_EVENTS; reason: string; toolCallId: string };

/** A decision failure among a step's parts, if the step ended in one. */
export function readDecisionFailure(parts: UIMessage['parts']): DecisionFailure | undefined {
  for (const part of parts) {
    if (!isToolUIPart(part)) continue;
    const name = getToolName(part);
    if (name !== DECISION_FAILURE_TOOLS.extraction && name !== DECISION_FAILURE_TOOLS.validation) continue;
    const reason =
      part.state === 'output-error' ? errorMessageOf(part.errorText ?? '') : 'the decision could not be used';
    return { toolName: name, reason, toolCallId: part.toolCallId };
  }
  return undefined;
}
