/**
 * A model step's id: `<assistant message id>:step-<n>`, n counting from 1 within the message —
 * how the timeline, the wire captures, the samples and the replay name a step.
 */
export function stepIdOf(messageId: string, step: number): string {
  return `${messageId}:step-${step}`;
}

/** The message id and step number of a step id, or undefined when it is not one. */
export function parseStepId(stepId: string): { messageId: string; step: number } | undefined {
  const at = stepId.lastIndexOf(':step-');
  const step = Number(stepId.slice(at + ':step-'.length));
  if (at <= 0 || !Number.isInteger(step) || step < 1) return undefined;
  return { messageId: stepId.slice(0, at), step };
}
