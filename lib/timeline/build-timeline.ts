import { getToolName, isToolUIPart, type UIMessage } from 'ai';
import { readStateChanges } from '../agent/track-file-changes';
import { splitSteps, textOf } from './split-steps';
import type { Timeline, TimelineEdge, TimelineNode } from './timeline-types';

type BuildOptions = {
  messages: readonly UIMessage[];
  /** The chat's error, if the last request failed. */
  error?: string;
  /** Whether a response is still streaming into the last message. */
  streaming?: boolean;
  /** The call waiting for the person (approval or step mode), drawn as paused. */
  pausedToolCallId?: string;
};

const SUMMARY_CHARS = 90;

/** One line of plain text: markdown markers dropped, whitespace folded, cut to fit a node. */
function summarize(text: string): string {
  const flat = text.replace(/```[^\n]*\n?|\*\*/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS - 1)}…` : flat;
}

/** The short form of a tool_call_id shown on edges: its last 6 characters. */
export function shortCallId(toolCallId: string): string {
  return toolCallId.length > 8 ? `…${toolCallId.slice(-6)}` : toolCallId;
}

function describeRetries(parts: UIMessage['parts']): string {
  const retries = parts.filter((part) => part.type === 'data-retry');
  if (retries.length === 0) return '';
  const reason = (retries.at(-1) as { data?: { reason?: string } }).data?.reason ?? 'an error';
  return `Retried ${retries.length}× (${reason}) · `;
}

/**
 * Derives the run's graph from the session's messages: user message → assistant step →
 * one tool-call node per call → its tool-result node (edge labelled with the call id) →
 * the next step, which every result of the step before feeds into.
 */
export function buildTimeline({ messages, error, streaming = false, pausedToolCallId }: BuildOptions): Timeline {
  const nodes: TimelineNode[] = [];
  const edges: TimelineEdge[] = [];
  let previous: string[] = [];
  const connect = (target: string, sources: string[] = previous, label?: string, failed = false) => {
    for (const source of sources) edges.push({ id: `${source}->${target}`, source, target, label, failed });
  };

  messages.forEach((message, messageIndex) => {
    const isLast = messageIndex === messages.length - 1;
    if (message.role !== 'assistant') {
      const text = textOf(message.parts);
      const title = message.role === 'user' ? 'User message' : 'System message';
      nodes.push({
        id: message.id,
        kind: 'user',
        label: `${title}: ${summarize(text)}`,
        title,
        summary: summarize(text),
        step: undefined,
        status: 'done',
        detail: message,
      });
      connect(message.id);
      previous = [message.id];
      return;
    }

    const steps = splitSteps(message);
    steps.forEach((parts, stepIndex) => {
      const stepId = `${message.id}:step-${stepIndex + 1}`;
      const text = textOf(parts);
      const calls = parts.filter(isToolUIPart);
      const lastStep = isLast && stepIndex === steps.length - 1;
      const stepStreaming = streaming && lastStep;
      const incomplete = !streaming && lastStep && error !== undefined;
      const summary = describeRetries(parts) + (summarize(text) || (calls.length > 0 ? `Calls ${calls.map(getToolName).join(', ')}` : '(no text)'));
      nodes.push({
        id: stepId,
        kind: 'assistant',
        label: `Assistant message${incomplete ? ' (incomplete)' : ''}: ${summary}`,
        title: `Assistant message · step ${stepIndex + 1}${incomplete ? ' · incomplete' : ''}`,
        summary,
        step: stepIndex + 1,
        status: stepStreaming ? 'streaming' : incomplete ? 'incomplete' : 'done',
        detail: { id: message.id, role: 'assistant', step: stepIndex + 1, parts },
      });
      connect(stepId);
      previous = [stepId];
      if (calls.length === 0) return;

      const results: string[] = [];
      for (const call of calls) {
        const name = getToolName(call);
        const callId = `${call.toolCallId}:call`;
        const inputStreaming = call.state === 'input-streaming';
        nodes.push({
          id: callId,
          kind: 'tool-call',
          label: `Tool call ${name}`,
          title: `Tool call · ${name}`,
          summary: summarize(JSON.stringify(call.input ?? {})),
          step: stepIndex + 1,
          status: inputStreaming ? 'streaming' : 'done',
          detail: { toolCallId: call.toolCallId, toolName: name, input: call.input, state: call.state },
        });
        connect(callId, [stepId]);
        const resultId = `${call.toolCallId}:result`;
        const failed = call.state === 'output-error' || call.state === 'output-denied';
        const finished = call.state === 'output-available' || failed;
        const output = call.state === 'output-available' ? call.output : undefined;
        const resultText = failed
          ? (call.state === 'output-error' ? call.errorText : 'Denied')
          : typeof output === 'object' && output !== null && 'output' in output
            ? String((output as { output: unknown }).output)
            : JSON.stringify(output ?? '');
        const changes = readStateChanges(output);
        const mark = { FileCreated: '+', FileModified: '~', FileDeleted: '−' };
        const changed = changes.length > 0 ? `Files ${changes.map((change) => `${mark[change.type]}${change.path}`).join(' ')} · ` : '';
        const paused = !finished && call.toolCallId === pausedToolCallId;
        nodes.push({
          id: resultId,
          kind: 'tool-result',
          label: `Tool result ${name}: ${failed ? 'error' : finished ? 'ok' : paused ? 'waiting for approval' : 'running'}`,
          title: `Tool result · ${name}`,
          summary: finished ? summarize(changed + resultText) : paused ? 'Waiting for your approval' : 'Running…',
          step: stepIndex + 1,
          status: failed ? 'failed' : finished ? 'done' : paused ? 'paused' : 'running',
          detail: finished
            ? { toolCallId: call.toolCallId, toolName: name, ...(failed ? { errorText: resultText } : { output }) }
            : { toolCallId: call.toolCallId, toolName: name, state: call.state },
        });
        connect(resultId, [callId], shortCallId(call.toolCallId), failed);
        results.push(resultId);
      }
      previous = results;
    });
  });

  if (error) {
    nodes.push({
      id: 'error',
      kind: 'error',
      label: `Error: ${summarize(error)}`,
      title: 'Error',
      summary: summarize(error),
      step: undefined,
      status: 'failed',
      detail: { error },
    });
    connect('error', previous, undefined, true);
  }
  return { nodes, edges };
}
