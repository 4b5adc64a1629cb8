import { addCall } from './add-tool-call';
import { add, type BuildOptions, type Builder, connect, type StepPlace, startSegment } from './timeline-builder';
import { countRetries, describeStep, markLeftOut, summarize } from './step-facts';
import { isManualStep } from '../messages/without-manual-steps';
import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import { splitSteps, textOf } from '../messages/split-steps';
import { unexpectedFinish } from '../messages/describe-finish';
import type { Timeline } from './timeline-types';
import { stepIdOf } from '../shapes/step-id';
import { isSimulatedUserTurn } from '../messages/simulated-user-turn';

/**
 * Derives the run's graph from the session's messages: user message → assistant step →
 * one tool-call node per call (→ an approval gate when the person was asked) → its
 * tool-result node (edge labelled with the call id) → the next step, which every result of
 * the step before feeds into. Each user message and each model step is a segment; steps
 * are drawn as bands with their time and tokens.
 */
export function buildTimeline(options: BuildOptions): Timeline & { exits: string[] } {
  const { messages, error, lane = 'main' } = options;
  const b: Builder = {
    nodes: [],
    edges: [],
    segments: [],
    lane,
    previous: [],
    segment: undefined,
    stepId: undefined,
    uncarried: [],
  };
  let userTurn = 0;
  for (const [messageIndex, message] of messages.entries()) {
    if (message.role !== 'assistant') {
      if (message.role === 'user') userTurn++;
      addUserMessage(b, message, userTurn);
      continue;
    }
    const steps = splitSteps(message);
    for (const [index, parts] of steps.entries())
      addStep(b, options, {
        message,
        parts,
        index,
        last: messageIndex === messages.length - 1 && index === steps.length - 1,
        final: index === steps.length - 1,
      });
  }
  markLeftOut(messages, b.nodes);
  if (error) {
    startSegment(b, `${lane}:error`);
    // The error may have come before any step of the request it ended.
    b.stepId = undefined;
    add(b, {
      id: `${lane}:error`,
      kind: 'error',
      label: `Error: ${summarize(error)}`,
      title: 'Error',
      summary: summarize(error),
      badges: [],
      step: undefined,
      status: 'failed',
      detail: { error },
    });
    connect(b, `${lane}:error`, b.previous, undefined, true);
  }
  return {
    nodes: b.nodes,
    edges: b.edges,
    segments: b.segments,
    lanes: [{ id: lane, label: 'Conversation', active: true, branchFrom: undefined }],
    exits: b.previous,
  };
}

/**
 * A user (or system) message: a segment of its own, waiting for the request that carries it. A
 * simulated user's turn (a conversation case's) is named by its place: "User turn 3".
 */
function addUserMessage(b: Builder, message: UIMessage, userTurn: number) {
  const text = textOf(message.parts);
  const title = isSimulatedUserTurn(message)
    ? `User turn ${userTurn}`
    : message.role === 'user'
      ? 'User message'
      : 'System message';
  startSegment(b, message.id);
  b.stepId = undefined;
  const added = add(b, {
    id: message.id,
    kind: 'user',
    label: `${title}: ${summarize(text)}`,
    title,
    summary: summarize(text),
    badges: [],
    step: undefined,
    status: 'done',
    detail: message,
  });
  b.uncarried.push(added);
  connect(b, message.id);
  b.previous = [message.id];
}

/** A model step: its assistant node, then each of its calls and their results. */
function addStep(b: Builder, options: BuildOptions, place: StepPlace) {
  const { streaming = false, error } = options;
  const { message, parts, index: stepIndex } = place;
  b.stepId = stepIdOf(message.id, stepIndex + 1);
  for (const user of b.uncarried) user.stepId = b.stepId;
  b.uncarried = [];
  const text = textOf(parts);
  const calls = parts.filter(isToolUIPart);
  const state =
    streaming && place.last ? 'streaming' : !streaming && place.last && error !== undefined ? 'incomplete' : 'done';
  const retries = countRetries(parts);
  const early = unexpectedFinish(parts);
  const finalAnswer = calls.length === 0 && state === 'done' && place.final && !early;
  const summary =
    (retries.count > 0 ? `Retried ${retries.count}× (${retries.reason}) · ` : '') +
    (summarize(text) || (calls.length > 0 ? `Calls ${calls.map(getToolName).join(', ')}` : '(no text)'));
  // A step the person made by hand (Try this tool) is drawn as theirs, not the model's.
  const manual = isManualStep(message);
  startSegment(b, b.stepId, manual ? 'Manual step · Try this tool' : describeStep(stepIndex + 1, parts, state));
  const assistantId = b.stepId;
  add(b, {
    id: assistantId,
    kind: 'assistant',
    label: manual
      ? `Manual step: ${summary}`
      : `Assistant message${state === 'incomplete' ? ' (incomplete)' : ''}: ${summary}`,
    title: manual
      ? 'Manual step · no model'
      : finalAnswer
        ? `Final answer · step ${stepIndex + 1}`
        : `Assistant message · step ${stepIndex + 1}${state === 'incomplete' ? ' · incomplete' : early ? ` · ${early.badge}` : ''}`,
    summary,
    badges: manual ? [{ text: 'by hand', tone: 'neutral' }] : early ? [{ text: early.badge, tone: 'error' }] : [],
    step: stepIndex + 1,
    status: state === 'streaming' ? 'streaming' : state === 'incomplete' ? 'incomplete' : 'done',
    detail: { id: message.id, role: 'assistant', step: stepIndex + 1, parts },
  });
  connect(b, assistantId);
  b.previous = [assistantId];
  if (calls.length === 0) return;
  b.previous = calls.map((call) =>
    addCall(b, options, call, { assistantId, step: stepIndex + 1, cutByLength: early?.reason === 'length' }),
  );
}
