import type { UIMessage } from 'ai';
import type { RunSettings } from '../shapes/run-settings';
import { parseStepId } from '../shapes/step-id';
import type { ToolSpec } from '../shapes/tool-spec';
import { messagesBeforeStep } from '../messages/messages-before-step';
import { applyHistory, readHistoryReport } from '../messages/plan-history';
import { splitSteps } from '../messages/split-steps';
import { readStepReport } from '../wire/extract-wire-steps';
import { type ChatRequest, chatRequestProblem, chatRequestSchema } from './chat-route';
import { sentDifferences } from './sent-record';

/**
 * The request a step sent, from what the session kept: the conversation before it as that request
 * carried it (the history policy's cut and summary applied, so no policy in the settings), and the
 * tools and settings by their fingerprints — or why not (a session from before they were kept).
 */
export function recordedStepRequest({
  messages,
  stepId,
  sentValues,
}: {
  messages: readonly UIMessage[];
  stepId: string;
  sentValues: Readonly<Record<string, unknown>>;
}): { ok: true; request: ChatRequest } | { ok: false; message: string } {
  const id = parseStepId(stepId);
  const before = id ? messagesBeforeStep(messages, id.messageId, id.step) : undefined;
  const parts = id && before ? stepParts(messages, id.messageId, id.step) : undefined;
  if (!before || !parts) return { ok: false, message: 'This step is not in the conversation any more.' };
  const recorded = readStepReport(parts)?.sent;
  if (!recorded)
    return { ok: false, message: 'This step was sent before the playground kept what requests were made of.' };
  const missing = [...Object.values(recorded.tools), recorded.settings].filter(
    (digest) => !Object.hasOwn(sentValues, digest),
  );
  if (missing.length > 0)
    return {
      ok: false,
      message: `What this step was sent with is not in the session (${missing.length} values missing).`,
    };
  const history = readHistoryReport(parts);
  return {
    ok: true,
    request: {
      messages: (history ? applyHistory(before, history) : before) as ChatRequest['messages'],
      tools: Object.values(recorded.tools).map((digest) => sentValues[digest]) as ChatRequest['tools'],
      settings: sentValues[recorded.settings] as ChatRequest['settings'],
    },
  };
}

export type StepRequest =
  | { ok: true; request: ChatRequest; exact: boolean }
  | { ok: false; message: string; differences: string[] };

/**
 * The request a model step sent, made again: the conversation before the step as that request
 * carried it (what its history policy left out stays out, the summary it sent stays), with the
 * tools and settings as they are now — which must be the ones the step was sent with (their
 * fingerprints say so). `exact` is false for a step from before fingerprints were kept.
 */
export function rebuildStepRequest({
  messages,
  stepId,
  tools,
  settings,
  sentValues,
}: {
  messages: readonly UIMessage[];
  /** `<assistant message id>:step-<n>`. */
  stepId: string;
  tools: ToolSpec[];
  settings: RunSettings;
  /** The values the session kept by fingerprint: with them, which setting changed is said. */
  sentValues?: Readonly<Record<string, unknown>>;
}): StepRequest {
  const id = parseStepId(stepId);
  const before = id ? messagesBeforeStep(messages, id.messageId, id.step) : undefined;
  const parts = id && before ? stepParts(messages, id.messageId, id.step) : undefined;
  if (!before || !parts)
    return { ok: false, message: 'This step is not in the conversation any more.', differences: [] };
  // Read as the route reads them (it fingerprints what it parsed).
  const read = chatRequestSchema.omit({ messages: true }).safeParse({ tools, settings });
  if (!read.success) return { ok: false, message: chatRequestProblem(read.error), differences: [] };
  const recorded = readStepReport(parts)?.sent;
  if (recorded) {
    const differences = sentDifferences(recorded, read.data, sentValues);
    if (differences.length > 0)
      return {
        ok: false,
        message: `This step's request can no longer be made again: since it was sent, ${listSentences(differences)}. Undo that (or sample a variant with the change).`,
        differences,
      };
  }
  const history = readHistoryReport(parts);
  return {
    ok: true,
    request: {
      messages: (history ? applyHistory(before, history) : before) as ChatRequest['messages'],
      tools,
      settings: { ...settings, history: undefined } as ChatRequest['settings'],
    },
    exact: recorded !== undefined,
  };
}

/** The parts of one step of an assistant message. */
function stepParts(messages: readonly UIMessage[], messageId: string, step: number): UIMessage['parts'] | undefined {
  const message = messages.find((candidate) => candidate.id === messageId);
  return message ? splitSteps(message)[step - 1] : undefined;
}

const listSentences = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
