import type { UIMessage } from 'ai';
import type { SentRecord } from '../shapes/step-samples';
import type { SessionData } from './session-schema';

/** The kept values some step of the session (any branch, any eval run) was sent with; the others are left behind. */
export function referencedSentValues(
  state: Pick<SessionData, 'messages' | 'branches' | 'sentValues'> & { evals?: Pick<SessionData['evals'], 'runs'> },
): Record<string, unknown> {
  const kept = state.sentValues;
  if (Object.keys(kept).length === 0) return {};
  const used = new Set<string>();
  const seen = new WeakSet<UIMessage>();
  const conversations = [
    state.messages,
    ...state.branches.map((branch) => branch.messages),
    // An eval run's requests too: Which runs does this change flip? reads them back.
    ...(state.evals?.runs ?? []).map((run) => run.messages),
  ];
  for (const messages of conversations)
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
