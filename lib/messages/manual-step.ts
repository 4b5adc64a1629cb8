import type { UIMessage } from 'ai';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { toolErrorText } from '../shapes/tool-error';

/** What a message made by `Try this tool` carries: it is the person's step, not the model's. */
export type ManualStepMetadata = { manual: true };

/**
 * A tool call the person made by hand (`Try this tool`), as the conversation keeps it: their
 * message saying so, then a step holding the call and its result — answered as the executor
 * answers a model's call, so the graph, the Inspector and the next request read it like any
 * other (the model sees it as a call made for it).
 */
export function manualStepMessages({
  id,
  toolName,
  input,
  outcome,
}: {
  id: string;
  toolName: string;
  input: unknown;
  /** How the call ended (a tool answered by hand has no outcome to show here). */
  outcome: Exclude<ToolOutcome, { kind: 'awaiting-user' }>;
}): UIMessage[] {
  const toolCallId = `call_manual_${id}`;
  const answered =
    outcome.kind === 'ok'
      ? { state: 'output-available' as const, output: outcome.output }
      : { state: 'output-error' as const, errorText: toolErrorText(outcome.error, toolCallId) };
  const metadata: ManualStepMetadata = { manual: true };
  return [
    {
      id: `manual-${id}-user`,
      role: 'user',
      metadata,
      parts: [{ type: 'text', text: `I ran ${toolName} by hand (Try this tool).` }],
    },
    {
      id: `manual-${id}-step`,
      role: 'assistant',
      metadata,
      parts: [
        { type: 'step-start' },
        { type: 'dynamic-tool', toolName, toolCallId, input, ...answered } as UIMessage['parts'][number],
      ],
    },
  ];
}
