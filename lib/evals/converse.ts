import type { UIMessage } from 'ai';
import { endedByTerminalTool, runLimitsOf } from '../agent/run-progress';
import { waitForRunEnd } from '../agent/wait-for-run-end';
import type { SimulatedUserMetadata } from '../messages/simulated-user-turn';
import type { SessionStore } from '../session/session-state';
import type { ConversationEnd } from '../shapes/eval-run';
import type { RunnableTool } from '../shapes/tool-spec';
import type { NextUserTurn } from './simulated-user';

/** A user turn to send: its text, and the metadata that says a simulated user said it. */
export type UserTurnMessage = { text: string; metadata?: SimulatedUserMetadata };

/**
 * A conversation on `store`'s session, from user turn `turn` (its text `said`): sends the turn,
 * waits for the run it starts to end, asks the user for its next turn, and so on until the user
 * is done (`nextUserTurn`), `maxTurns` user turns, a terminal tool, a failed request, or `signal`.
 * Turn 1 is the case's prompt; every later one is the simulated user's and carries `metadata`.
 * The same loop plays an eval's run in its own session and a fork from a user turn on the page.
 */
export async function converse({
  store,
  send,
  runnable,
  said: first,
  turn: firstTurn = 1,
  nextUserTurn,
  maxTurns,
  metadata,
  firstMetadata = metadata,
  signal,
}: {
  store: SessionStore;
  send: (message: UserTurnMessage) => Promise<void> | void;
  runnable: () => readonly RunnableTool[];
  said: string;
  turn?: number;
  nextUserTurn?: NextUserTurn;
  maxTurns: number;
  metadata?: SimulatedUserMetadata;
  /** The first turn's metadata, when it differs (a turn a person edited says so). */
  firstMetadata?: SimulatedUserMetadata;
  signal: AbortSignal;
}): Promise<ConversationEnd | undefined> {
  let said: string | { done: ConversationEnd } = first;
  for (let turn = firstTurn; typeof said === 'string'; turn++) {
    const marked = turn === firstTurn ? firstMetadata : metadata;
    await send(turn > 1 && marked ? { text: said, metadata: marked } : { text: said });
    await waitForRunEnd(store, runnable, signal);
    if (!nextUserTurn) return undefined;
    const ended = endOf(store.getState(), runnable(), turn, maxTurns, signal);
    if (ended) return ended;
    said = await nextUserTurn(store.getState().messages as UIMessage[], turn, signal);
  }
  return said.done;
}

/** Why the conversation ends after the model's answer to user turn `turn`, if it does. */
function endOf(
  state: ReturnType<SessionStore['getState']>,
  runnable: readonly RunnableTool[],
  turn: number,
  maxTurns: number,
  signal: AbortSignal,
): ConversationEnd | undefined {
  if (signal.aborted) return 'stopped';
  if (state.chatError) return 'error';
  if (endedByTerminalTool(state.messages, runLimitsOf(state, runnable))) return 'terminal-tool';
  return turn >= maxTurns ? 'max-turns' : undefined;
}
