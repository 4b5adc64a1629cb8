import type { UIMessage } from 'ai';
import { recordedCalls, recordedSteps, type ReplayHooks } from '../agent/replay-fetch';
import { recordedStepRequest } from '../agent/step-request';
import { isSimulatedUserTurn } from '../messages/simulated-user-turn';
import { textOf } from '../messages/split-steps';
import { isRunInProgress, type SessionStore } from '../session/session-state';
import { differingPaths } from '../shapes/differing-paths';
import type { OnDivergence, ReplayRecord } from '../shapes/replay';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { comparableRequest } from './comparable-request';

/** A conversation's simulated user asked live: its text, that it is done, or undefined (send the recorded turn). */
export type LiveUser = (
  recorded: UIMessage,
  messages: UIMessage[],
  turn: number,
  signal: AbortSignal,
) => Promise<string | { done: string } | undefined>;

/**
 * `Replay against the model` (`Replay from here against the model` from a user message): a new
 * branch from the conversation before `fromMessageId`, its user messages sent again one turn at a
 * time through the session's chat — each request equal to the recorded one answered from the
 * recording, each call equal to the recorded one given its recorded result — until the first
 * request that differs, where it goes live or stops. Once live, a conversation's simulated user
 * is asked for its turns (`liveUser`) instead of the recording. Says why not, if it cannot start.
 */
export async function replayAgainstModel({
  store,
  hooks,
  send,
  waitForRunEnd,
  fromMessageId,
  onDivergence,
  perturb,
  liveUser,
}: {
  store: SessionStore;
  hooks: ReplayHooks;
  send: (message: { text: string; metadata?: UIMessage['metadata'] }) => Promise<void>;
  /** Resolves when the run has ended; `stopped` aborts when the replay stops at its divergence. */
  waitForRunEnd: (stopped: AbortSignal) => Promise<void>;
  fromMessageId: string;
  onDivergence: OnDivergence;
  /** One recorded call's answer changed (`Perturb result`): the replay gives it in place of the recorded one. */
  perturb?: { call: number; change: (outcome: ToolOutcome) => ToolOutcome };
  /**
   * A conversation's simulated user, asked live once the replay has gone live: its turn `turn`
   * from the conversation so far, or that it is done; undefined when it cannot be asked (no
   * case): the recorded turn is sent.
   */
  liveUser?: LiveUser;
}): Promise<{ ok: true; record: ReplayRecord } | { ok: false; message: string }> {
  const state = store.getState();
  if (state.readOnly)
    return { ok: false, message: 'A shared session is read-only: press “Fork to edit” to make it yours first.' };
  if (isRunInProgress(state)) return { ok: false, message: 'Stop the run before replaying it.' };
  const original = state.messages;
  const from = original.findIndex((message) => message.id === fromMessageId && message.role === 'user');
  if (from === -1) return { ok: false, message: 'That message is not in the active branch.' };
  const turns = original.slice(from).filter((message) => message.role === 'user');
  const originalBranch = state.activeBranch;
  const calls = recordedCalls(original, from, state.outcomes).map((call, index) =>
    perturb && index === perturb.call ? { ...call, outcome: perturb.change(call.outcome) } : call,
  );
  hooks.begin({
    steps: recordedSteps(original, from),
    calls,
    callsServed: 0,
    callsDiverged: false,
    onDivergence,
    served: 0,
    live: 0,
  });
  store.getState().startBranch(original.slice(0, from));
  let ended: ReplayRecord | undefined;
  try {
    // Each turn's place in its conversation (the case's prompt is 1): a live user is asked for that turn.
    let place = 1 + original.slice(0, from).filter(isSimulatedUserTurn).length;
    for (const turn of turns) {
      const simulated = isSimulatedUserTurn(turn);
      if (simulated) place++;
      const live = simulated && liveUser && hooks.current()?.diverged && onDivergence === 'go-live';
      const said = live ? await liveUser(turn, store.getState().messages, place - 1, hooks.stopped()) : undefined;
      if (said !== undefined && typeof said !== 'string') break;
      // A turn keeps its metadata: a simulated user's stays its own.
      await send({
        text: said ?? textOf(turn.parts),
        ...(turn.metadata === undefined ? {} : { metadata: turn.metadata }),
      });
      await waitForRunEnd(hooks.stopped());
      const now = hooks.current();
      if (now?.diverged && onDivergence === 'stop') break;
    }
  } finally {
    const last = hooks.end();
    const recordedAt = last?.diverged?.recordedStepId;
    const recorded = recordedAt
      ? recordedStepRequest({ messages: original, stepId: recordedAt, sentValues: store.getState().sentValues })
      : undefined;
    ended = {
      originalBranchId: originalBranch.id,
      originalLabel: originalBranch.label,
      fromMessageId,
      onDivergence,
      served: last?.served ?? 0,
      live: last?.live ?? 0,
      callsServed: last?.callsServed ?? 0,
      ...(last?.diverged
        ? {
            diverged: {
              at: last.diverged.at,
              ...(recordedAt ? { recordedStepId: recordedAt } : {}),
              paths:
                recorded?.ok === true
                  ? differingPaths(comparableRequest(recorded.request), comparableRequest(last.diverged.request))
                  : [],
            },
          }
        : {}),
      ended: true,
    };
    store.getState().setReplay(store.getState().activeBranch.id, ended);
  }
  return { ok: true, record: ended };
}
