import type { UIMessage } from 'ai';

/**
 * The metadata of a user turn a simulated user said (a conversation case's script, or a model
 * playing the user): the case it came from, so the page can ask the same user again (a fork from
 * the turn plays on; `Sample this step` asks for the turn again), and whether a person edited it.
 */
export type SimulatedUserMetadata = { simulatedUser: true; caseId?: string; edited?: true };

/** The metadata of a turn the user of case `caseId` said. */
export const simulatedUserMetadata = (caseId: string | undefined): SimulatedUserMetadata =>
  caseId === undefined ? { simulatedUser: true } : { simulatedUser: true, caseId };

const metadataOf = (message: Pick<UIMessage, 'metadata'>) =>
  message.metadata as { simulatedUser?: unknown; caseId?: unknown } | undefined;

/** Whether a user message was said by a simulated user (its metadata says `simulatedUser: true`). */
export function isSimulatedUserTurn(message: Pick<UIMessage, 'role' | 'metadata'>): boolean {
  return message.role === 'user' && metadataOf(message)?.simulatedUser === true;
}

/** The case whose simulated user said this turn, when the turn says (a string of at most 200 characters). */
export function simulatedUserCaseId(message: Pick<UIMessage, 'role' | 'metadata'>): string | undefined {
  if (!isSimulatedUserTurn(message)) return undefined;
  const caseId = metadataOf(message)?.caseId;
  return typeof caseId === 'string' && caseId.length > 0 && caseId.length <= 200 ? caseId : undefined;
}

/** Who said a user message, as the chat names it: the simulated user (edited, when a person changed its turn), or undefined for a person. */
export function simulatedUserLabel(message: Pick<UIMessage, 'role' | 'metadata'>): string | undefined {
  if (!isSimulatedUserTurn(message)) return undefined;
  return (message.metadata as { edited?: unknown }).edited === true ? 'Simulated user (edited)' : 'Simulated user';
}
