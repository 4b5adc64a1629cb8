import { userTurnPlace, type UserTurnPlace } from '@/lib/evals/conversation-at';
import type { UserTurnSample } from '@/lib/evals/sampling/user-turn-distribution';
import { simulatedUserMetadata } from '@/lib/messages/simulated-user-turn';
import { isRunInProgress } from '@/lib/session/session-state';
import type { LiveUser } from '@/lib/what-if/replay-against-model';
import type { PlaygroundRuntime } from '../runtime/create-playground-runtime';

/*
 * A conversation case's run on the page (README, "Conversations"): a simulated user's turn is
 * edited and the conversation forked from it plays on with the case's user, as the grid's run did;
 * `Sample this step` on the turn asks the user for it again, N times. The code loads on use.
 */

/** Where the turn is and which user said it (undefined: not a simulated user's turn on the active branch). */
export function placeOfUserTurn(runtime: PlaygroundRuntime, messageId: string): UserTurnPlace | undefined {
  return placeOfUserTurnIn(runtime, runtime.store.getState().messages, messageId);
}

function placeOfUserTurnIn(
  runtime: PlaygroundRuntime,
  messages: UserTurnPlace['before'],
  messageId: string,
): UserTurnPlace | undefined {
  return userTurnPlace(messages, messageId, runtime.store.getState().evals.cases);
}

/** What a user of the case needs from this page: the runs' dependencies and the user's next turns. */
async function userOfCase(runtime: PlaygroundRuntime, place: UserTurnPlace, repeat: number) {
  const [{ evalDeps }, { userTurns }] = await Promise.all([
    import('./use-eval-runner'),
    import('@/lib/evals/run-eval-case'),
  ]);
  const deps = await evalDeps(runtime);
  const settings = runtime.store.getState().settings;
  return { deps, next: place.user.ok ? userTurns(place.user.user, settings, repeat, deps) : undefined };
}

/**
 * Forks the conversation at the simulated user's turn `messageId` with `text` in its place (marked
 * edited) and plays on: the model answers, the case's user answers it, until the user is done, its
 * turn limit, a terminal tool or Stop. Says why it cannot start; a user that fails later is the
 * chat's error.
 */
export function forkConversation(runtime: PlaygroundRuntime, messageId: string, text: string): string | undefined {
  const state = runtime.store.getState();
  if (state.readOnly) return 'A shared session is read-only: press “Fork to edit” to make it yours first.';
  if (isRunInProgress(state)) return 'Stop the run before forking.';
  if (!text.trim()) return 'Type the message to send on the new branch.';
  const place = placeOfUserTurn(runtime, messageId);
  if (!place) return 'That message is not in the active branch.';
  state.startBranch(place.before);
  const stop = new AbortController();
  const unsubscribe = runtime.onStop(() => stop.abort());
  void (async () => {
    const [{ next, deps }, { converse }, { checkToolDrafts }] = await Promise.all([
      userOfCase(runtime, place, 0),
      import('@/lib/evals/converse'),
      import('@/lib/tools/check-tool-drafts'),
    ]);
    const metadata = simulatedUserMetadata(place.caseId);
    await converse({
      store: runtime.store,
      send: (message) => runtime.chat.sendMessage(message),
      runnable: () => checkToolDrafts(runtime.store.getState().tools, deps.checker).runnable,
      said: text,
      turn: place.turn,
      nextUserTurn: next,
      maxTurns: place.user.ok ? place.user.maxTurns : place.turn,
      metadata,
      firstMetadata: { ...metadata, edited: true },
      signal: stop.signal,
    });
  })()
    .catch((error: unknown) =>
      runtime.store.setState({
        chatStatus: 'error',
        chatError: error instanceof Error ? error.message : String(error),
      }),
    )
    .finally(unsubscribe);
  return undefined;
}

/**
 * `Sample this step` on a simulated user's turn: the case's user asked `count` times for that
 * turn, from the conversation before it (sample n draws seed + n, as repeats do); one at a time.
 */
export async function sampleUserTurn(
  runtime: PlaygroundRuntime,
  messageId: string,
  count: number,
  signal: AbortSignal,
  onSample: (sample: UserTurnSample) => void,
): Promise<string | undefined> {
  const place = placeOfUserTurn(runtime, messageId);
  if (!place) return 'That message is not in the active branch.';
  if (!place.user.ok) return `${place.user.why} Its user cannot be asked again.`;
  for (let n = 1; n <= count && !signal.aborted; n++) {
    const { next } = await userOfCase(runtime, place, n - 1);
    try {
      const said = await next?.(place.before, place.turn - 1, signal);
      if (signal.aborted) break;
      onSample(typeof said === 'string' ? { n, text: said } : { n, done: said?.done ?? 'said-nothing' });
    } catch (error) {
      if (signal.aborted) break;
      onSample({ n, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return undefined;
}

/**
 * A replay's live user (`Replay against the model`, `Perturb result`): once the replay has gone
 * live, a simulated user's recorded turn is asked of its case's user instead; a turn whose case is
 * not in the session is sent as recorded.
 */
export function liveUserFor(runtime: PlaygroundRuntime): LiveUser {
  return async (recorded, messages, turn, signal) => {
    const place = placeOfUserTurnIn(runtime, [...messages, recorded], recorded.id);
    if (!place?.user.ok) return undefined;
    const { next } = await userOfCase(runtime, place, 0);
    return next?.(messages, turn, signal);
  };
}
