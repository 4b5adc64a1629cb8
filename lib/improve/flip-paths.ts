import type { UIMessage } from 'ai';
import type { ChatRequest } from '../agent/chat-route';
import { canonicalMessages } from '../messages/canonical-request';
import { messagesBeforeStep } from '../messages/messages-before-step';
import { recordedStepRequest } from '../agent/step-request';
import { differingPaths } from '../shapes/differing-paths';
import { comparableRequest } from '../what-if/comparable-request';
import { parseStepId } from '../shapes/step-id';
import type { ToolSpec } from '../shapes/tool-spec';

/** How many paths a flip row names (the first ones, in the request's order). */
export const FLIP_PATHS = 5;

/**
 * Where in the request a replay first left its recording, as JSON paths into the request it sent
 * (`tools[0].description`, `settings.temperature`, `messages[3].parts[0].output`): inside each tool
 * that changed (against the tool as the recorded run offered it), each setting the change sets, and
 * — when neither — the conversation before the step.
 */
export function flipPaths({
  recordedTools,
  changedSettings,
  recordedMessages,
  recordedStepId,
  request,
}: {
  /** The tools the recorded run offered, by name: each as it was, when known (its fingerprint matched). */
  recordedTools: ReadonlyMap<string, ToolSpec | undefined>;
  /** The settings the change lays over the run's (the recorded run's settings are kept only as a fingerprint). */
  changedSettings: readonly string[];
  recordedMessages: readonly UIMessage[];
  recordedStepId: string | undefined;
  /** The request the replay made where it diverged. */
  request: ChatRequest;
}): string[] {
  const paths: string[] = [];
  request.tools.forEach((tool, index) => {
    const recorded = recordedTools.get(tool.name);
    // Added, or changed in a way the session cannot say (the recorded text is not kept): the tool as a whole.
    if (!recorded) paths.push(`tools[${index}]`);
    else paths.push(...differingPaths(recorded, tool, FLIP_PATHS).map((path) => `tools[${index}].${path}`));
  });
  const offered = new Set(request.tools.map((tool) => tool.name));
  for (const name of recordedTools.keys()) if (!offered.has(name)) paths.push(`tools (${name} is gone)`);
  for (const key of changedSettings) if (key !== 'history') paths.push(`settings.${key}`);
  if (paths.length > 0) return paths.slice(0, FLIP_PATHS);
  const id = recordedStepId ? parseStepId(recordedStepId) : undefined;
  const messages = id ? messagesBeforeStep(recordedMessages, id.messageId, id.step) : undefined;
  if (!messages) return [];
  return differingPaths(
    canonicalMessages(messages),
    canonicalMessages(request.messages as unknown as UIMessage[]),
    FLIP_PATHS,
  ).map((path) => `messages${path.startsWith('[') ? '' : '.'}${path}`);
}

/**
 * The paths at which the request a replay sent differs from the one its recording sent there,
 * the recorded one made again from what the session kept by fingerprint (as `Diverged here`
 * reads it); undefined when the session did not keep it (a run from before it did).
 */
export function recordedRequestPaths({
  recordedMessages,
  recordedStepId,
  request,
  sentValues,
}: {
  recordedMessages: readonly UIMessage[];
  recordedStepId: string | undefined;
  request: ChatRequest;
  sentValues: Readonly<Record<string, unknown>>;
}): string[] | undefined {
  if (!recordedStepId) return undefined;
  const recorded = recordedStepRequest({ messages: recordedMessages, stepId: recordedStepId, sentValues });
  return recorded.ok
    ? differingPaths(comparableRequest(recorded.request), comparableRequest(request), FLIP_PATHS)
    : undefined;
}
