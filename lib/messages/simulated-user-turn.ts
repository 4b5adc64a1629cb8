import type { UIMessage } from 'ai';

/** The metadata of a user turn a simulated user said (a conversation case's script, or a model playing the user). */
export type SimulatedUserMetadata = { simulatedUser: true };
export const SIMULATED_USER_METADATA: SimulatedUserMetadata = { simulatedUser: true };

/** Whether a user message was said by a simulated user (its metadata says `simulatedUser: true`). */
export function isSimulatedUserTurn(message: Pick<UIMessage, 'role' | 'metadata'>): boolean {
  return (
    message.role === 'user' && (message.metadata as { simulatedUser?: unknown } | undefined)?.simulatedUser === true
  );
}
