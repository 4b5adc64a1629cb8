import type { UIMessage } from 'ai';
import type { LessonStop } from '../shapes/lesson';
import { isToolUIPart } from '../shapes/tool-parts';
import { splitSteps } from '../messages/split-steps';

/*
 * Which replay frame a lesson's stop shows (see lib/lessons/CONTEXT.md): only what happened up to it, and less
 * while its question waits for an answer — read from the run's messages by the node ids the
 * timeline gives them (`<message id>` for a user message, `<message id>:step-<n>` for a model
 * step, `<tool_call_id>:call` / `:approval` / `:result` for a call and its result). Light on
 * purpose: the page's first load uses it (the messages on screen), not the question logic.
 */

export type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;
export type NodeRef =
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

/** Whether a call has its answer: a result, an error, or a denial. */
export const finished = (part: ToolPart) =>
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
      case 'outcome':
        // The perturbed result is shown; what the model did with it is not yet.
        return revealFrame(frames, stop.nodeId);
      case 'choice':
        return revealFrame(frames, stop.nodeId) - 1;
    }
  }
  if (stop.question?.kind === 'which-result' && call) return revealFrame(frames, `${call.toolCallId}:result`);
  if (stop.question?.kind === 'outcome') return frames.length - 1;
  return revealFrame(frames, stop.nodeId);
}
