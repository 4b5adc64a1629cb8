import type { UIMessage } from 'ai';
import { textOf } from '../messages/split-steps';
import type { SimulatedUser } from '../shapes/eval-case';
import type { ConversationEnd } from '../shapes/eval-run';
import type { RunSettings } from '../shapes/run-settings';

/*
 * The user of a conversation case (README, "Conversations"): after the prompt, each of the user's
 * turns comes from its script, or from a model playing the user — the conversation seen from the
 * user's side (the assistant's words are what it is told, its own are what it said), its
 * instructions and persona as its system line, no tools. A turn holding the stop phrase ends the
 * conversation and is not sent.
 */

/**
 * Why the user has no next turn: it said the stop phrase (the goal met, or given up on, by its own
 * judgement), its script ran out, the model said nothing it could answer, it said nothing.
 */
export type UserDone = {
  done: Extract<ConversationEnd, 'stop' | 'out-of-script' | 'nothing-to-answer' | 'said-nothing'>;
};

/** The user's turn after `turn` user turns and the model's answers to them, or why it is done. */
export type NextUserTurn = (
  messages: readonly UIMessage[],
  turn: number,
  signal: AbortSignal,
) => Promise<string | UserDone>;

export type { ConversationEnd };

/** How a model is asked for the user's turn: settings, the conversation so far, the last thing it was told. */
export type AskUserModel = (input: {
  settings: RunSettings;
  messages: { role: 'user' | 'assistant'; text: string }[];
  prompt: string;
  signal: AbortSignal;
}) => Promise<{ text: string; error?: string }>;

/**
 * How many user turns a conversation has at most, the prompt included: as set, else 10 — a
 * scripted user, one past its script, so that the script's end (not the limit) ends it.
 */
export const userTurnLimit = (user: SimulatedUser) => user.maxTurns ?? (user.script ? user.script.length + 2 : 10);

const ended = (text: string, stop: string | undefined) => stop !== undefined && text.includes(stop);

/** The script's turns in order; done when it runs out or a turn holds the stop phrase. */
export function scriptedUser(user: SimulatedUser): NextUserTurn {
  return async (_messages, turn) => {
    const text = user.script?.[turn - 1];
    if (text === undefined) return { done: 'out-of-script' };
    return ended(text, user.stop) ? { done: 'stop' } : text;
  };
}

/** The system line of the model playing the user. */
export function userSystem(user: SimulatedUser): string {
  return [
    'You are a user talking to an assistant that can use tools. Write only what the user says next, in the first person; never act as the assistant.',
    user.persona ? `Who you are and how you speak: ${user.persona}` : '',
    user.instructions ? `What you want and what you know: ${user.instructions}` : '',
    user.stop ? `When what you wanted is done, or cannot be done, say ${user.stop} and nothing else.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The conversation as the user sees it: the assistant's words are what it was told, its own are what it said. */
export function userView(messages: readonly UIMessage[]): { role: 'user' | 'assistant'; text: string }[] {
  return messages.flatMap((message) => {
    const text = textOf(message.parts).trim();
    if (!text) return [];
    return [{ role: message.role === 'assistant' ? ('user' as const) : ('assistant' as const), text }];
  });
}

/**
 * A model playing the user: asked through the chat route as a run in a session of its own, with
 * the user's system line, no tools, the conversation from the user's side; its text is the next
 * turn. An empty answer, or one holding the stop phrase, ends the conversation.
 */
export function modelUser(user: SimulatedUser, settings: RunSettings, ask: AskUserModel): NextUserTurn {
  return async (messages, _turn, signal) => {
    const seen = userView(messages);
    const last = seen.at(-1);
    // The model said nothing the user could answer (it only called tools): the user waits no more.
    if (last?.role !== 'user') return { done: 'nothing-to-answer' };
    const answer = await ask({
      settings: { ...settings, ...user.model, system: userSystem(user), toolChoice: 'none' },
      messages: seen.slice(0, -1),
      prompt: last.text,
      signal,
    });
    if (answer.error) throw new Error(`The model playing the user could not be asked: ${answer.error}`);
    const text = answer.text.trim();
    if (!text) return { done: 'said-nothing' };
    return ended(text, user.stop) ? { done: 'stop' } : text;
  };
}
