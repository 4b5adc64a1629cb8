import type { UIMessage } from 'ai';
import type { SentRecord } from '../shapes/step-samples';
import type { SessionData } from './session-schema';

/** The kept values some step of the session (any branch) was sent with; the others are left behind. */
export function referencedSentValues(
  state: Pick<SessionData, 'messages' | 'branches' | 'sentValues'>,
): Record<string, unknown> {
  const kept = state.sentValues;
  if (Object.keys(kept).length === 0) return {};
  const used = new Set<string>();
  const seen = new WeakSet<UIMessage>();
  for (const messages of [state.messages, ...state.branches.map((branch) => branch.messages)])
    for (const message of messages) {
      // Branches share the messages before they part: each is read once.
      if (message.role !== 'assistant' || seen.has(message)) continue;
      seen.add(message);
      for (const part of message.parts) {
        if (part.type !== 'data-step') continue;
        const sent = (part as { data?: { sent?: SentRecord } }).data?.sent;
        if (!sent) continue;
        for (const digest of [...Object.values(sent.tools), sent.settings]) used.add(digest);
      }
    }
  return Object.fromEntries(Object.entries(kept).filter(([digest]) => used.has(digest)));
}
