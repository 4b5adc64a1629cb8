import type { UIMessage } from 'ai';

/** The text of a message's parts, joined. */
export function textOf(parts: UIMessage['parts']): string {
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** A tool result as the model receives it: text as is, anything else as JSON (never throws). */
export function toolResultText(output: unknown, indent?: number): string {
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output ?? null, null, indent) ?? 'null';
  } catch (error) {
    return `[a value that cannot be written as JSON: ${error instanceof Error ? error.message : String(error)}]`;
  }
}

/** What a person reads of a tool's result: a sandbox result's `output`, else the whole value as text. */
export function outputText(output: unknown, indent?: number): string {
  if (typeof output === 'object' && output !== null && 'output' in output)
    return toolResultText((output as { output: unknown }).output, indent);
  return toolResultText(output ?? '', indent);
}

/**
 * The model step (1-based) each part of an assistant message belongs to: a step starts at a
 * `step-start` part; a retry notice arrives before the step it retried, so it joins the step
 * whose content follows it.
 */
export function stepNumbersOf(parts: UIMessage['parts']): number[] {
  const numbers: number[] = [];
  const pending: number[] = [];
  let count = 0;
  parts.forEach((part, index) => {
    if (part.type === 'data-retry') {
      pending.push(index);
      return;
    }
    if (part.type === 'step-start') count += 1;
    else if (count === 0) count = 1;
    numbers[index] = count;
    for (const waiting of pending) numbers[waiting] = count;
    pending.length = 0;
  });
  for (const waiting of pending) numbers[waiting] = Math.max(count, 1);
  return numbers;
}

/** Splits an assistant message into its model steps' parts (without the `step-start` parts). */
export function splitSteps(message: UIMessage): UIMessage['parts'][] {
  const numbers = stepNumbersOf(message.parts);
  const steps: UIMessage['parts'][] = Array.from({ length: Math.max(0, ...numbers.filter(Number.isFinite)) }, () => []);
  message.parts.forEach((part, index) => {
    if (part.type !== 'step-start') steps[numbers[index] - 1].push(part);
  });
  return steps;
}
