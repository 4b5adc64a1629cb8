'use client';

import { useEffect, useRef } from 'react';
import { describeRunEnd, unansweredToolCalls } from '@/lib/agent/run-progress';
import { DEFAULT_MAX_STEPS } from '@/lib/session/run-settings';
import { useVisibleMessages } from '../playground/use-visible-messages';
import { useRuntime, useSession, useToolSetCheck } from '../playground/runtime-context';
import { MessageView } from './message-view';
import { PausePanel } from './pause-panel';
import { RunSettingsBar } from './run-settings-bar';

const SUGGESTED_PROMPTS = ['list the files and show me README.md', 'run `node --version; cat data/names.txt`'];

/** The chat: settings, messages with their tool calls, and the composer. */
export function ConversationPane() {
  const { chat, store, stop } = useRuntime();
  const messages = useVisibleMessages();
  const readOnly = useSession((state) => state.readOnly);
  const status = useSession((state) => state.chatStatus);
  const error = useSession((state) => state.chatError);
  const draft = useSession((state) => state.draft);
  const setDraft = useSession((state) => state.setDraft);
  const maxSteps = useSession((state) => state.settings.maxSteps ?? DEFAULT_MAX_STEPS);
  const { leftOut } = useToolSetCheck();
  const running = status === 'submitted' || status === 'streaming';
  const waitingFor = running ? [] : unansweredToolCalls(messages);
  const endNote = running ? undefined : describeRunEnd(messages, maxSteps);
  const bottom = useRef<HTMLDivElement>(null);

  // Scroll to the newest message whenever the messages change (the dependency is the trigger).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `messages` is what the effect reacts to, not what it reads
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages]);

  const send = (text: string) => {
    if (!text.trim() || running || waitingFor.length > 0 || readOnly) return;
    store.getState().trustHandlers();
    setDraft('');
    void chat.sendMessage({ text });
  };

  return (
    <section aria-label="Conversation" className="pane">
      <h2 className="pane-title">Conversation</h2>
      <RunSettingsBar />
      <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-3">
        {messages.length === 0 ? (
          <div className="muted text-sm">
            <p>Ask the model something its tools can answer. Try:</p>
            <ul className="mt-2 flex flex-col gap-1">
              {SUGGESTED_PROMPTS.map((prompt) => (
                <li key={prompt}>
                  <button type="button" className="button text-left" onClick={() => setDraft(prompt)}>
                    {prompt}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          messages.map((message, index) => (
            <MessageView
              key={message.id}
              message={message}
              incomplete={Boolean(error) && index === messages.length - 1 && message.role === 'assistant'}
            />
          ))
        )}
        <PausePanel />
        {endNote ? (
          <p className="text-xs text-role-call" role="note">
            {endNote}
          </p>
        ) : null}
        {waitingFor.length > 0 ? (
          <p className="text-xs text-role-call" role="note">
            Waiting for you to answer {waitingFor.join(', ')}: type the result above.
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="rounded-md border border-role-error/50 bg-role-error/10 px-2 py-1 text-xs text-role-error"
          >
            The request failed: {error} Your messages are kept; fix the cause and send again.
          </p>
        ) : null}
        <div ref={bottom} />
      </div>
      <form
        className="flex flex-col gap-1 border-t border-[var(--border)] p-2"
        onSubmit={(event) => {
          event.preventDefault();
          send(draft);
        }}
      >
        {leftOut.length > 0 ? (
          <p role="note" className="text-xs text-role-call">
            Left out of the next run: {leftOut.map((tool) => `${tool.label} (${tool.reason})`).join('; ')}
          </p>
        ) : null}
        <textarea
          aria-label="Message"
          className="control min-h-16 resize-y"
          placeholder="Message the model… (Ctrl+Enter to send)"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              send(draft);
            }
            if (event.key === 'Escape' && running) stop();
          }}
        />
        <div className="flex justify-end gap-2">
          {running ? (
            <button type="button" className="button" onClick={stop}>
              Stop
            </button>
          ) : null}
          <button
            type="submit"
            className="button button-primary"
            disabled={running || waitingFor.length > 0 || !draft.trim() || readOnly}
            title={readOnly ? 'A shared session is read-only: press “Fork to edit” to make it yours' : undefined}
          >
            Send
          </button>
        </div>
      </form>
    </section>
  );
}
