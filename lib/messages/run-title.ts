import type { UIMessage } from 'ai';
import { textOf } from './split-steps';

/** What a shared run is known by (a link carries no session name): its first question, on one line. */
export function runTitle(messages: readonly UIMessage[], maxChars = 120): string {
  const first = messages.find((message) => message.role === 'user');
  return (first ? textOf(first.parts) : '').replace(/\s+/g, ' ').trim().slice(0, maxChars);
}
