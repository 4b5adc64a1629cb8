'use client';

import { useSession } from '../runtime/runtime-context';
import { useVisibleMessages } from '../shared/use-visible-messages';
import { Composer } from './composer';
import { hydrateLater } from '../ui/hydrate-later';
import { RunNotes } from './run-notes';

/** The messages load and hydrate after the message box (components/ui/hydrate-later.tsx). */
const MessageList = hydrateLater(() => import('./message-list').then((module) => module.MessageList), {
  forReading: true,
});

const SUGGESTED_PROMPTS = ['list the files and show me README.md', 'run `node --version; cat data/names.txt`'];

/** What an empty conversation teaches: what to ask, one click to try it. */
function EmptyConversation() {
  const setDraft = useSession((state) => state.setDraft);
  const readOnly = useSession((state) => state.readOnly);
  return (
    <div className="muted flex-1 overflow-auto p-3 text-sm">
      <p>
        Ask the model something its tools can answer. The simulated model needs no key and answers the same way every
        time. Try:
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {SUGGESTED_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button type="button" className="button text-left" disabled={readOnly} onClick={() => setDraft(prompt)}>
              {prompt}
            </button>
          </li>
        ))}
      </ul>
      <RunNotes />
    </div>
  );
}

/** The chat: messages with their tool calls, and (unless it is pinned elsewhere) the composer. */
export function ConversationPane({ withComposer = true }: { withComposer?: boolean }) {
  const empty = useVisibleMessages().length === 0;
  return (
    <section aria-label="Conversation" className="pane h-full">
      <h2 className="pane-title">Conversation</h2>
      {empty ? <EmptyConversation /> : <MessageList />}
      {withComposer ? <Composer /> : null}
    </section>
  );
}
