import type { UIMessage } from 'ai';
import { canonicalJson } from '../evals/match-argument';
import type { LessonStop } from '../model/lesson';
import { getToolName, isToolUIPart } from '../model/tool-parts';
import { splitSteps } from '../messages/split-steps';

/*
 * Playing a lesson (issue 25): which replay frame each stop shows — only what happened up to
 * it, and less while its question waits for an answer — and the question's choices and right
 * answer, read from the run's messages by the node ids the timeline gives them
 * (`<message id>` for a user message, `<message id>:step-<n>` for a model step,
 * `<tool_call_id>:call` / `:approval` / `:result` for a call and its result).
 */

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;
type NodeRef =
  | { kind: 'message'; messageId: string }
  | { kind: 'step'; messageId: string; step: number }
  | { kind: 'call' | 'result'; callId: string };

/** What a timeline node id names. */
export function readNodeId(nodeId: string): NodeRef {
  const step = /^(.*):step-(\d+)$/.exec(nodeId);
  if (step) return { kind: 'step', messageId: step[1], step: Number(step[2]) };
  const call = /^(.*):(call|approval|result)$/.exec(nodeId);
  if (call) return { kind: call[2] === 'result' ? 'result' : 'call', callId: call[1] };
  return { kind: 'message', messageId: nodeId };
}

const finished = (part: ToolPart) =>
  part.state === 'output-available' || part.state === 'output-error' || part.state === 'output-denied';

function toolPart(messages: readonly UIMessage[], callId: string): ToolPart | undefined {
  for (const message of messages)
    for (const part of message.parts)
      if (isToolUIPart(part) && (part as ToolPart).toolCallId === callId) return part as ToolPart;
  return undefined;
}

function stepParts(messages: readonly UIMessage[], messageId: string, step: number) {
  const message = messages.find((each) => each.id === messageId);
  return message ? splitSteps(message)[step - 1] : undefined;
}

/** Whether a frame shows the node (a step: with every call of it answered). */
function shows(frame: readonly UIMessage[], ref: NodeRef): boolean {
  switch (ref.kind) {
    case 'message':
      return frame.some((message) => message.id === ref.messageId);
    case 'step': {
      const parts = stepParts(frame, ref.messageId, ref.step);
      return Boolean(parts?.filter(isToolUIPart).every((part) => finished(part as ToolPart)));
    }
    case 'call':
      return toolPart(frame, ref.callId) !== undefined;
    case 'result': {
      const part = toolPart(frame, ref.callId);
      return part !== undefined && finished(part);
    }
  }
}

/** The first frame that shows the node; the last frame when none does (a node of another branch). */
export function revealFrame(frames: readonly (readonly UIMessage[])[], nodeId: string): number {
  const ref = readNodeId(nodeId);
  const found = frames.findIndex((frame) => shows(frame, ref));
  return found === -1 ? frames.length - 1 : found;
}

/** The call a stop asks about: its own call, or the first call of its step. */
export function callOfStop(messages: readonly UIMessage[], nodeId: string): ToolPart | undefined {
  const ref = readNodeId(nodeId);
  if (ref.kind === 'call' || ref.kind === 'result') return toolPart(messages, ref.callId);
  if (ref.kind === 'step') return stepParts(messages, ref.messageId, ref.step)?.find(isToolUIPart) as ToolPart;
  return undefined;
}

/**
 * The frame a stop shows: up to its node — or, while its question waits, up to just before
 * what the question asks (the step's calls for "which tool" and "what arguments", the call's
 * result for "which result", the node itself for a question of the teacher's own). -1: nothing yet.
 */
export function stopFrame(
  messages: readonly UIMessage[],
  frames: readonly (readonly UIMessage[])[],
  stop: LessonStop,
  answered: boolean,
): number {
  const call = callOfStop(messages, stop.nodeId);
  if (stop.question && !answered) {
    switch (stop.question.kind) {
      case 'next-tool':
      case 'arguments':
        return call ? revealFrame(frames, `${call.toolCallId}:call`) - 1 : revealFrame(frames, stop.nodeId) - 1;
      case 'which-result':
        return call ? revealFrame(frames, `${call.toolCallId}:call`) : revealFrame(frames, stop.nodeId) - 1;
      case 'choice':
        return revealFrame(frames, stop.nodeId) - 1;
    }
  }
  if (stop.question?.kind === 'which-result' && call) return revealFrame(frames, `${call.toolCallId}:result`);
  return revealFrame(frames, stop.nodeId);
}

/** What a result says, on one line. */
function resultText(part: ToolPart): string {
  const value =
    part.state === 'output-error'
      ? `Error: ${part.errorText ?? ''}`
      : typeof part.output === 'string'
        ? part.output
        : JSON.stringify(part.output ?? null);
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
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
