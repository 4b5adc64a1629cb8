import { toolErrorResult } from '../lib/shapes/tool-error';
import type { ToolOutcome, ToolResultOutput } from '../lib/shapes/tool-outcome';
import type { ToolDefinition } from '../lib/shapes/tool-formats';
import type { RunnableTool } from '../lib/shapes/tool-spec';

/** Tool definitions as runnable tools answered by the sandbox, for executor tests. */
export function sandboxTools(definitions: readonly unknown[]): RunnableTool[] {
  return (definitions as ToolDefinition[]).map((definition) => ({
    spec: { name: definition.name, description: definition.description, inputSchema: definition.parameters },
    run: { kind: 'sandbox' },
  }));
}

/** A sandbox tool's result, when the call succeeded. */
export const resultOf = (outcome: ToolOutcome) =>
  outcome.kind === 'ok' ? (outcome.output as ToolResultOutput) : undefined;

/** The seed 002 §6.3 error response a failed outcome answers the model with. */
export const errorOf = (outcome: ToolOutcome) => ('error' in outcome ? toolErrorResult(outcome.error) : undefined);

/** What the model reads first of a failed outcome. */
export const messageOf = (outcome: ToolOutcome) => errorOf(outcome)?.error.message;
