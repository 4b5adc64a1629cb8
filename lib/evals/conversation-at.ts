import type { UIMessage } from 'ai';
import { isSimulatedUserTurn, simulatedUserCaseId } from '../messages/simulated-user-turn';
import type { EvalCase, SimulatedUser } from '../shapes/eval-case';
import { userTurnLimit } from './simulated-user';

/** A simulated user's turn on the page: where it is in its conversation, and the user that said it. */
export type UserTurnPlace = {
  /** The messages before the turn (what the user had seen). */
  before: UIMessage[];
  /** Its place in the conversation: the case's prompt is turn 1, the user's first answer turn 2. */
  turn: number;
  caseId: string | undefined;
  /** The case's user as the session holds it now, or why it cannot be asked again. */
  user: { ok: true; user: SimulatedUser; maxTurns: number } | { ok: false; why: string };
};

/**
 * Where the simulated user's turn `messageId` is: the messages before it, its turn number, and the
 * case's user — found in the session's cases by the id the turn carries — or why that user cannot
 * answer again (no case named, the case gone, the case no longer has a user).
 */
export function userTurnPlace(
  messages: readonly UIMessage[],
  messageId: string,
  cases: readonly EvalCase[],
): UserTurnPlace | undefined {
  const index = messages.findIndex((message) => message.id === messageId);
  const message = messages[index];
  if (!message || !isSimulatedUserTurn(message)) return undefined;
  const before = messages.slice(0, index);
  const turn = 1 + messages.slice(0, index + 1).filter(isSimulatedUserTurn).length;
  const caseId = simulatedUserCaseId(message);
  const testCase = caseId === undefined ? undefined : cases.find((each) => each.id === caseId);
  const user: UserTurnPlace['user'] =
    caseId === undefined
      ? { ok: false, why: 'This turn does not say which case’s user said it.' }
      : !testCase
        ? { ok: false, why: `The case “${caseId}” is not in this session’s evals any more.` }
        : !testCase.user
          ? { ok: false, why: `The case “${caseId}” has no simulated user any more.` }
          : { ok: true, user: testCase.user, maxTurns: userTurnLimit(testCase.user) };
  return { before, turn, caseId, user };
}
