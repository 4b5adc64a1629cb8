import type { UIMessage } from 'ai';
import { canonicalJson } from '../evals/match-argument';
import type { LessonStop } from '../model/lesson';
import { getToolName, isToolUIPart } from '../model/tool-parts';
import { splitSteps } from '../messages/split-steps';
import { callOfStop, finished, type ToolPart } from './lesson-frames';

/*
 * A lesson's questions (issue 25), answered by the run: the choices the learner meets and the
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

/** A stop's question as the learner meets it: the choices (if any) and the right answer. */
export type QuestionFacts =
  | { kind: 'next-tool'; prompt: string; choices: Choice[]; answer: string; shown: string }
  | { kind: 'arguments'; prompt: string; answer: string; shown: string }
  | { kind: 'which-result'; prompt: string; choices: Choice[]; answer: string; shown: string }
  | { kind: 'choice'; prompt: string; choices: Choice[]; answer: string; shown: string }
  | { kind: 'unavailable'; reason: string };

/**
 * The question of a stop, answered by the run: the tool the model called (out of the tools
 * the request offered), the arguments it gave, the result whose call id answers the call, or
 * the teacher's right choice. `shown` is the real value, said after the learner answers.
 */
export function questionFacts(
  messages: readonly UIMessage[],
  stop: LessonStop,
  offeredTools: readonly string[],
): QuestionFacts | undefined {
  const question = stop.question;
  if (!question) return undefined;
  if (question.kind === 'choice')
    return {
      kind: 'choice',
      prompt: question.prompt,
      choices: question.choices.map((text, index) => ({ value: String(index), text })),
      answer: String(question.answer),
      shown: question.choices[question.answer] ?? '',
    };
  const call = callOfStop(messages, stop.nodeId);
  if (!call) return { kind: 'unavailable', reason: 'This stop has no tool call to ask about.' };
  const name = getToolName(call);
  if (question.kind === 'next-tool') {
    const names = [...new Set([...offeredTools, name])].sort();
    return {
      kind: 'next-tool',
      prompt: 'Which tool will the model call next?',
      choices: names.map((each) => ({ value: each, text: each })),
      answer: name,
      shown: name,
    };
  }
  if (question.kind === 'arguments') {
    const input = canonicalJson(call.input ?? {});
    return { kind: 'arguments', prompt: `What will the arguments of ${name} be?`, answer: input, shown: input };
  }
  const step = messages
    .flatMap((message) => (message.role === 'assistant' ? splitSteps(message) : []))
    .find((parts) => parts.some((part) => isToolUIPart(part) && (part as ToolPart).toolCallId === call.toolCallId));
  const results = (step ?? [])
    .filter(isToolUIPart)
    .map((part) => part as ToolPart)
    .filter(finished);
  return {
    kind: 'which-result',
    prompt: `Which result answers the call ${name} (${call.toolCallId})?`,
    // In a fixed order that does not give the answer away: by what they say.
    choices: results
      .map((part) => ({ value: part.toolCallId, text: `${getToolName(part)} → ${resultText(part)}` }))
      .sort((a, b) => a.text.localeCompare(b.text)),
    answer: call.toolCallId,
    shown: `${resultText(call)} (call ${call.toolCallId})`,
  };
}

/** Whether the learner's answer is right: the same tool, the same arguments (as JSON), the same choice. */
export function isRightAnswer(facts: QuestionFacts, given: string): boolean {
  if (facts.kind === 'unavailable') return true;
  if (facts.kind !== 'arguments') return given === facts.answer;
  try {
    return canonicalJson(JSON.parse(given)) === facts.answer;
  } catch {
    return false;
  }
}
