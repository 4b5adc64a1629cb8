import type { ToolSet } from 'ai';
import { requestDigest } from '../messages/canonical-request';
import type { ChatRequest } from './chat-route';
import { recordSent } from './sent-record';

/** What the AI SDK says of a step when it ends (`onStepEnd`), as far as the report reads it. */
type StepEnd = {
  usage: { inputTokens: number | undefined; outputTokens: number | undefined };
  finishReason: string;
  response: { modelId: string; timestamp: Date };
};

/**
 * A model step's `data-step` report — the route's and the page's alike: who answered, how long,
 * the tokens, how it ended, what the model could pick from (Tool stats' pick rate; `none` offers
 * nothing) and what the request was made of (so `Sample this step` can make it again, or say what changed).
 */
export function stepReport(request: ChatRequest, tools: ToolSet | undefined, end: StepEnd, startedMs: number) {
  const { settings } = request;
  return {
    provider: settings.provider,
    model: end.response.modelId || settings.model,
    durationMs: Date.now() - startedMs,
    respondedAtMs: end.response.timestamp.getTime(),
    inputTokens: end.usage.inputTokens,
    outputTokens: end.usage.outputTokens,
    finishReason: end.finishReason,
    offeredTools:
      settings.toolChoice === 'none'
        ? []
        : typeof settings.toolChoice === 'object'
          ? [settings.toolChoice.toolName]
          : Object.keys(tools ?? {}),
    sent: { ...recordSent(request.tools, settings), request: requestDigest(request) },
  };
}
