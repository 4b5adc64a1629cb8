import type { UIMessage } from 'ai';

/** The text of a message's parts, joined. */
export function textOf(parts: UIMessage['parts']): string {
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * Splits an assistant message into its model steps (each starts at a `step-start` part).
 * A retry notice arrives before the step it retried, so it joins the step that follows.
 */
export function splitSteps(message: UIMessage): UIMessage['parts'][] {
  const steps: UIMessage['parts'][] = [];
  let pending: UIMessage['parts'] = [];
  for (const part of message.parts) {
    if (part.type === 'data-retry') pending.push(part);
    else if (part.type === 'step-start') {
      steps.push(pending);
      pending = [];
    } else {
      if (steps.length === 0) steps.push([]);
      steps.at(-1)!.push(part);
    }
  }
  if (pending.length > 0) {
    if (steps.length === 0) steps.push([]);
    steps.at(-1)!.push(...pending);
  }
  return steps;
}
