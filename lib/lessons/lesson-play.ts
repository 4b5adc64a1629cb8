import type { UIMessage } from 'ai';
import { canonicalJson } from '../shapes/canonical-json';
import type { LessonStop } from '../shapes/lesson';
import type { PerturbedCallRecord } from '../shapes/replay';
import { OUTCOME_CLASSES, outcomeClass } from '../what-if/outcome-class';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { splitSteps } from '../messages/split-steps';
import { callOfStop, finished, type ToolPart } from './lesson-frames';

/*
 * A lesson's questions (see lib/lessons/CONTEXT.md), answered by the run: the choices the learner meets and the
 * right answer, read from the run's messages.
 */

/** What a result says, on one line. */
function resultText(part: ToolPart): string {
  const value =
    part.state === 'output-error'
      ? `Error: ${part.errorText ?? ''}`
      : typeof part.output === 'string'
        ? part.output
        : JSON.stringify(part.output ?? null);
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

export type Choice = { value: string; text: string };

/**
 * A stop's question as the learner meets it: the choices (if any) and every right answer — a
 * step that called tools in parallel has as many right answers as it made calls.
 */
export type QuestionFacts =
  | { kind: 'next-tool'; prompt: string; choices: Choice[]; answers: string[]; shown: string }
  | { kind: 'arguments'; prompt: string; answers: string[]; shown: string }
  | { kind: 'which-result'; prompt: string; choices: Choice[]; answers: string[]; shown: string }
  | { kind: 'choice'; prompt: string; choices: Choice[]; answers: string[]; shown: string }
  | { kind: 'outcome'; prompt: string; choices: Choice[]; answers: string[]; shown: string }
  | { kind: 'unavailable'; reason: string };

/** The calls of the step that made `call` (parallel calls come in one step), in the model's order. */
function callsOfStep(messages: readonly UIMessage[], call: ToolPart): ToolPart[] {
  const step = messages
    .flatMap((message) => (message.role === 'assistant' ? splitSteps(message) : []))
    .find((parts) => parts.some((part) => isToolUIPart(part) && (part as ToolPart).toolCallId === call.toolCallId));
  return (step ?? [call]).filter(isToolUIPart).map((part) => part as ToolPart);
}

/** Values as the learner reads them: "a", "a or b", "a, b or c". */
const either = (values: readonly string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/**
 * The question of a stop, answered by the run: a tool the model called in that step (out of
 * the tools the request offered), the arguments it gave that tool, the result that answers
 * the call (or one that says the same), or the teacher's right choice. `shown` is what the
 * run did, said after the learner answers.
 */
export function questionFacts(
  messages: readonly UIMessage[],
  stop: LessonStop,
  offeredTools: readonly string[],
  /** The branch's perturbation, when `Perturb result` made it (the `outcome` question asks about it). */
  perturbed?: PerturbedCallRecord,
): QuestionFacts | undefined {
  const question = stop.question;
  if (!question) return undefined;
  if (question.kind === 'outcome') return outcomeFacts(messages, perturbed);
  if (question.kind === 'choice')
    return {
      kind: 'choice',
      prompt: question.prompt,
      choices: question.choices.map((text, index) => ({ value: String(index), text })),
      answers: [String(question.answer)],
      shown: question.choices[question.answer] ?? '',
    };
  const call = callOfStop(messages, stop.nodeId);
  if (!call) return { kind: 'unavailable', reason: 'This stop has no tool call to ask about.' };
  const name = getToolName(call);
  const stepCalls = callsOfStep(messages, call);
  if (question.kind === 'next-tool') {
    const called = [...new Set(stepCalls.map(getToolName))];
    const names = [...new Set([...offeredTools, ...called])].sort();
    return {
      kind: 'next-tool',
      prompt: 'Which tool will the model call next?',
      choices: names.map((each) => ({ value: each, text: each })),
      answers: called,
      shown: called.length > 1 ? `${called.join(' and ')} (in parallel: each is right)` : name,
    };
  }
  if (question.kind === 'arguments') {
    const inputs = [
      ...new Set(stepCalls.filter((each) => getToolName(each) === name).map((each) => canonicalJson(each.input ?? {}))),
    ];
    return {
      kind: 'arguments',
      prompt: `What will the arguments of ${name} be?`,
      answers: inputs,
      shown: either(inputs),
    };
  }
  const results = stepCalls.filter(finished);
  const choices = results
    .map((part) => ({ value: part.toolCallId, text: `${getToolName(part)} → ${resultText(part)}` }))
    // In a fixed order that does not give the answer away: by what they say.
    .sort((a, b) => a.text.localeCompare(b.text));
  const right = choices.find((choice) => choice.value === call.toolCallId);
  return {
    kind: 'which-result',
    prompt: `Which result answers the call ${name} (${call.toolCallId})?`,
    choices,
    // Two results that read the same cannot be told apart: either is right.
    answers: choices.filter((choice) => choice.text === right?.text).map((choice) => choice.value),
    shown: `${resultText(call)} (call ${call.toolCallId})`,
  };
}

/** "What will the model do with this result?" on a perturbed branch: the outcome classes, the run's the right one. */
function outcomeFacts(messages: readonly UIMessage[], perturbed: PerturbedCallRecord | undefined): QuestionFacts {
  if (!perturbed) return { kind: 'unavailable', reason: 'This stop is not on a branch made by Perturb result.' };
  const right = outcomeClass(messages, perturbed.toolCallId, perturbed.canary);
  return {
    kind: 'outcome',
    prompt: `What will the model do with this result (${perturbed.preset})?`,
    choices: OUTCOME_CLASSES.filter((each) => perturbed.canary !== undefined || each !== 'followed injection').map(
      (each) => ({ value: each, text: each }),
    ),
    answers: [right],
    shown: right,
  };
}

/** Whether the learner's answer is right: one of the right tools, arguments (as JSON) or choices. */
export function isRightAnswer(facts: QuestionFacts, given: string): boolean {
  if (facts.kind === 'unavailable') return true;
  if (facts.kind !== 'arguments') return facts.answers.includes(given);
  try {
    return facts.answers.includes(canonicalJson(JSON.parse(given)));
  } catch {
    return false;
  }
}
