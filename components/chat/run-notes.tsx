'use client';

import { describeRunEnd, runLimitsOf, unansweredToolCalls } from '@/lib/agent/run-progress';
import { readToolName } from '@/lib/shapes/tool-source';
import { useSession, useToolSetCheck } from '../runtime/runtime-context';
import { useVisibleMessages } from '../shared/use-visible-messages';
import { PausePanel } from './pause-panel';

/** Under the last message: a pause, how the run ended, what it waits for, the error. */
export function RunNotes() {
  const messages = useVisibleMessages();
  const status = useSession((state) => state.chatStatus);
  const error = useSession((state) => state.chatError);
  const settings = useSession((state) => state.settings);
  const executor = useSession((state) => state.executor);
  const outcomes = useSession((state) => state.outcomes);
  const { runnable } = useToolSetCheck();
  const runningToolCalls = useSession((state) => state.runningToolCalls);
  const replaying = useSession((state) => state.replayFrame !== undefined);
  const readOnly = useSession((state) => state.readOnly);
  const tools = useSession((state) => state.tools);
  const running = status === 'submitted' || status === 'streaming' || runningToolCalls.length > 0;
  // Only a tool the person answers by hand waits for them — and only in a run of their own that
  // is not being replayed (a replay shows calls before their results; a shared run cannot be typed into).
  const manual = new Set(
    tools.filter((tool) => tool.run.kind === 'manual').flatMap((tool) => readToolName(tool.source) ?? []),
  );
  const waitingFor =
    running || replaying || readOnly
      ? []
      : unansweredToolCalls(messages, runningToolCalls).filter((name) => manual.has(name));
  const endNote = running
    ? undefined
    : describeRunEnd(messages, runLimitsOf({ settings, executor, outcomes }, runnable));
  return (
    <div className="flex flex-col gap-2">
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
    </div>
  );
}
