'use client';

import { unansweredToolCalls } from '@/lib/agent/run-progress';
import { isRunInProgress } from '@/lib/session/session-state';
import { useRuntime, useSession, useToolSetCheck } from '../runtime/runtime-context';
import { hydrateLater } from '../ui/hydrate-later';

// Around the message box, what typing and Send do not need: drawn by the server, hydrated after
// the box (components/ui/hydrate-later.tsx); their code is one module (`composer-later-code.ts`).
const code = () => import('./composer-later-code');
const RunSettingsBar = hydrateLater(() => code().then((module) => module.RunSettingsBar));
const KeyAddressPrompt = hydrateLater(() => code().then((module) => module.KeyAddressPrompt));
const CompareDialog = hydrateLater(() => code().then((module) => module.CompareDialog));
const HistoryEstimate = hydrateLater(() => code().then((module) => module.HistoryEstimate));

/** The message box with its run settings above it: provider and model in view, the rest a click away. */
export function Composer() {
  const { chat, store, stop } = useRuntime();
  const messages = useSession((state) => state.messages);
  const readOnly = useSession((state) => state.readOnly);
  const draft = useSession((state) => state.draft);
  const setDraft = useSession((state) => state.setDraft);
  const settings = useSession((state) => state.settings);
  const updateSettings = useSession((state) => state.updateSettings);
  const { leftOut } = useToolSetCheck();
  const runningToolCalls = useSession((state) => state.runningToolCalls);
  // In progress: a request in flight, a tool call executing, or a pause — Stop is offered throughout.
  const running = useSession(isRunInProgress);
  const waiting = !running && unansweredToolCalls(messages, runningToolCalls).length > 0;

  const send = (text: string) => {
    if (!text.trim() || running || waiting || readOnly) return;
    store.getState().trustHandlers();
    setDraft('');
    void chat.sendMessage({ text });
  };

  return (
    <div className="flex flex-col gap-1 border-t border-[var(--border)] bg-[var(--panel)] p-2">
      <RunSettingsBar />
      <KeyAddressPrompt
        provider={settings.provider}
        baseURL={settings.baseURL}
        onRemove={() => updateSettings({ baseURL: undefined })}
      />
      {leftOut.length > 0 ? (
        <p role="note" className="text-xs text-role-call">
          Left out of the next run: {leftOut.map((tool) => `${tool.label} (${tool.reason})`).join('; ')}
        </p>
      ) : null}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send(draft);
        }}
      >
        <textarea
          aria-label="Message"
          // A shared session takes no message until it is forked: nothing typed there could be sent.
          readOnly={readOnly}
          className="control min-h-14 min-w-0 flex-1 resize-y"
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
        <div className="flex flex-col gap-1">
          {running ? (
            <button type="button" className="button" onClick={stop}>
              Stop
            </button>
          ) : null}
          <button
            type="submit"
            className="button button-primary"
            disabled={running || waiting || !draft.trim() || readOnly}
            title={readOnly ? 'A shared session is read-only: press “Fork to edit” to make it yours' : undefined}
          >
            Send
          </button>
          <CompareDialog disabled={running || waiting || readOnly} />
        </div>
      </form>
      <HistoryEstimate />
    </div>
  );
}
