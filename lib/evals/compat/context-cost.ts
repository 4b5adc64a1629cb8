import type { UIMessage } from 'ai';
import type { ChatRequest } from '../../agent/chat-route';
import { recordedStepRequest } from '../../agent/step-request';
import { splitSteps } from '../../messages/split-steps';
import { isManualStep } from '../../messages/without-manual-steps';
import { stepIdOf } from '../../shapes/step-id';
import type { WireFormat } from '../../shapes/wire-capture';
import { formatOfProvider } from '../../wire/wire-capture';
import type { RequestPieces } from '../../wire/tool-context-pieces';

/*
 * Context cost: what each tool costs across a session's requests — its definition in every
 * request it was sent in, its calls' arguments and its results each time a later request carries
 * them again — in tokens the real tokenizer counts on the bodies the provider receives, and the
 * share of each request's input.
 */

export type ToolContextCost = {
  tool: string;
  /** Requests whose body carried the tool's definition. */
  requests: number;
  definitionTokens: number;
  argsTokens: number;
  resultsTokens: number;
  total: number;
  /** Of every request's input together. */
  share: number;
};
export type RequestContextCost = {
  request: number;
  inputTokens: number;
  byTool: { tool: string; tokens: number; share: number }[];
};
export type ContextCost = { tools: ToolContextCost[]; requests: RequestContextCost[]; inputTokens: number };

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The cost of each tool across the requests, with `count` the tokenizer (or a lookup of its counts). */
export function contextCost(requests: readonly RequestPieces[], count: (text: string) => number): ContextCost {
  const totals = new Map<string, Omit<ToolContextCost, 'share' | 'total'>>();
  const perRequest = requests.map((pieces, index): RequestContextCost => {
    const inputTokens = count(pieces.whole);
    const byTool = [...pieces.tools].map(([tool, piece]) => {
      const definition = piece.definition ? count(piece.definition) : 0;
      const args = sum(piece.args.map(count));
      const results = sum(piece.results.map(count));
      const kept = totals.get(tool) ?? { tool, requests: 0, definitionTokens: 0, argsTokens: 0, resultsTokens: 0 };
      totals.set(tool, {
        tool,
        requests: kept.requests + (piece.definition ? 1 : 0),
        definitionTokens: kept.definitionTokens + definition,
        argsTokens: kept.argsTokens + args,
        resultsTokens: kept.resultsTokens + results,
      });
      const tokens = definition + args + results;
      return { tool, tokens, share: inputTokens > 0 ? tokens / inputTokens : 0 };
    });
    return { request: index + 1, inputTokens, byTool };
  });
  const inputTokens = sum(perRequest.map((each) => each.inputTokens));
  const tools = [...totals.values()]
    .map((each) => {
      const total = each.definitionTokens + each.argsTokens + each.resultsTokens;
      return { ...each, total, share: inputTokens > 0 ? total / inputTokens : 0 };
    })
    .sort((a, b) => b.total - a.total || a.tool.localeCompare(b.tool));
  return { tools, requests: perRequest, inputTokens };
}

/** A session's requests, as the Context cost view makes them again: each step's, in its provider's wire format. */
export function sessionRequests({
  messages,
  sentValues,
}: {
  messages: readonly UIMessage[];
  sentValues: Readonly<Record<string, unknown>>;
}): { requests: { stepId: string; request: ChatRequest; format: WireFormat }[]; notes: string[] } {
  const notes: string[] = [];
  const requests: { stepId: string; request: ChatRequest; format: WireFormat }[] = [];
  let simulated = false;
  // Steps are named as the timeline's bands count them ("Step 3"), never by their internal ids.
  let stepNumber = 0;
  for (const message of messages) {
    // A step made by hand was never a request.
    if (message.role !== 'assistant' || isManualStep(message)) continue;
    for (const [index] of splitSteps(message).entries()) {
      const stepId = stepIdOf(message.id, index + 1);
      stepNumber++;
      const made = recordedStepRequest({ messages, stepId, sentValues });
      if (!made.ok) {
        notes.push(`Step ${stepNumber}: ${made.message}`);
        continue;
      }
      const { settings } = made.request;
      const format = formatOfProvider(settings.provider, settings.openaiApi);
      if (!format) simulated = true;
      requests.push({ stepId, request: made.request, format: format ?? 'openai-chat' });
    }
  }
  if (simulated)
    notes.push(
      'The simulated model has no wire format: its requests are counted as OpenAI Chat Completions would receive them.',
    );
  return { requests, notes };
}
