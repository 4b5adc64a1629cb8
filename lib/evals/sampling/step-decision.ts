import type { UIMessage } from 'ai';
import { splitSteps } from '../../messages/split-steps';
import { parseStepId } from '../../shapes/step-id';
import { TEXT_KEY } from './step-distribution';

/*
 * A step made by the model in the browser carries its decision's probabilities (`data-local`): the
 * probability of answering in text and of calling each declared tool, from the model's logits.
 * Read here from a session that may be a stranger's link: every number checked, nothing trusted.
 */

export type StepDecision = {
  text: number;
  tools: Record<string, number>;
  sampling?: { temperature: number; topP: number; topK: number; seed: number };
  constrained: boolean;
  /** The call written: each enum or boolean argument's values (JSON text) and their probabilities. */
  arguments?: { tool: string; values: Record<string, Record<string, number>> };
};

/** One bar of the decision chart: a choice and the model's probability of it. */
export type DecisionBar = { key: string; label: string; probability: number };

const probability = (value: unknown) => (typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined);

/** A map of names to probabilities, if every entry is one (at most `limit` entries read). */
function readShares(value: unknown, limit: number): Record<string, number> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const read: Record<string, number> = {};
  for (const [key, each] of Object.entries(value).slice(0, limit)) {
    const p = probability(each);
    if (p === undefined) return undefined;
    read[key] = p;
  }
  return read;
}

/** The call's argument values, if well-formed (a stranger's link may hold anything). */
function readArguments(value: unknown): StepDecision['arguments'] {
  const { tool, values } = (value ?? {}) as { tool?: unknown; values?: unknown };
  if (typeof tool !== 'string' || !values || typeof values !== 'object' || Array.isArray(values)) return undefined;
  const read: Record<string, Record<string, number>> = {};
  for (const [name, shares] of Object.entries(values).slice(0, 64)) {
    const each = readShares(shares, 64);
    if (!each) return undefined;
    read[name] = each;
  }
  return { tool: tool.slice(0, 200), values: read };
}

/** The decision a step's `data-local` part holds, if it holds a well-formed one. */
export function readStepDecision(parts: UIMessage['parts']): StepDecision | undefined {
  const part = parts.find((candidate) => candidate.type === 'data-local') as { data?: unknown } | undefined;
  const data = part?.data as
    | { decision?: { text?: unknown; tools?: unknown; arguments?: unknown }; sampling?: unknown; constrained?: unknown }
    | undefined;
  const text = probability(data?.decision?.text);
  const read = readShares(data?.decision?.tools, 256);
  if (text === undefined || !read) return undefined;
  const args = readArguments(data?.decision?.arguments);
  const sampling = data?.sampling as StepDecision['sampling'];
  const numbers =
    sampling &&
    ['temperature', 'topP', 'topK', 'seed'].every(
      (key) => typeof (sampling as Record<string, unknown>)[key] === 'number',
    );
  return {
    text,
    tools: read,
    constrained: data?.constrained !== false,
    ...(numbers ? { sampling } : {}),
    ...(args ? { arguments: args } : {}),
  };
}

/** The decision of the step `stepId` in `messages`, if the model in the browser made it. */
export function stepDecisionOf(messages: readonly UIMessage[], stepId: string): StepDecision | undefined {
  const parsed = parseStepId(stepId);
  const message = parsed && messages.find((candidate) => candidate.id === parsed.messageId);
  if (!parsed || !message) return undefined;
  const parts = splitSteps(message)[parsed.step - 1];
  return parts ? readStepDecision(parts) : undefined;
}

/**
 * The chart's bars: each declared tool (most likely first), then text; unconstrained, the rest of
 * the probability (another name, or no well-formed call) as its own bar, so the bars sum to 1.
 */
export function decisionBars(decision: StepDecision): DecisionBar[] {
  const tools = Object.entries(decision.tools)
    .sort(([a, pa], [b, pb]) => pb - pa || a.localeCompare(b))
    .map(([name, p]) => ({ key: name, label: name, probability: p }));
  const bars = [...tools, { key: TEXT_KEY, label: 'no tool (text)', probability: decision.text }];
  const rest = 1 - bars.reduce((sum, bar) => sum + bar.probability, 0);
  if (rest > 1e-6) bars.push({ key: '(other)', label: 'anything else', probability: rest });
  return bars;
}

/** Each choice's probability by the keys Step samples count with (a tool's name, `(text)`): the markers on its bars. */
export const decisionMarkers = (decision: StepDecision): Record<string, number> => ({
  ...decision.tools,
  [TEXT_KEY]: decision.text,
});

/** The node's compact line: the two likeliest choices with their probabilities ("P list_files 64% · text 23%"). */
export function decisionBadge(decision: StepDecision): string {
  const likeliest = decisionBars(decision)
    .sort((a, b) => b.probability - a.probability)
    .slice(0, 2)
    .map((bar) => `${bar.key === TEXT_KEY ? 'text' : bar.label} ${Math.round(bar.probability * 100)}%`);
  return `P ${likeliest.join(' · ')}`;
}
