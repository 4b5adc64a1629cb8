import { callTitle, resultTitle } from './describe-call';
import {
  countRetries,
  describeStep,
  FILE_MARKS,
  interceptionBadges,
  markLeftOut,
  shortCallId,
  summarize,
} from './step-facts';
import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import type { ApprovalRecord } from '../shapes/approval';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import { readStateChanges } from '../shapes/state-change';
import { outputText, splitSteps, textOf } from '../messages/split-steps';
import { mcpBadges, mcpResultText, readMcpCallResult } from '../mcp/mcp-result';
import { errorMessageOf } from '../shapes/tool-error';
import { outcomeOf, ownValue, readResultFacts } from './read-call-result';
import type { Interception } from '../shapes/interceptor-spec';
import { unexpectedFinish } from '../messages/describe-finish';
import type { Badge, Timeline, TimelineEdge, TimelineNode, TimelineSegment } from './timeline-types';

type BuildOptions = {
  messages: readonly UIMessage[];
  /** The chat's error, if the last request failed. */
  error?: string;
  /** Whether a response is still streaming into the last message. */
  streaming?: boolean;
  /** The call waiting for the person (approval or step mode), drawn as paused. */
  pausedToolCallId?: string;
  /** How the person answered each call that asked for approval. */
  approvals?: Readonly<Record<string, ApprovalRecord>>;
  /** How each finished call ended, as the executor recorded it. */
  outcomes?: Readonly<Record<string, ToolOutcomeKind>>;
  /**
   * How long each call took, as the executor measured it — the one duration every view shows
   * (the sandbox's start is not in it); a result's own `execution_time_ms` stands in for a
   * call with no measure (a session from before durations were kept).
   */
  durations?: Readonly<Record<string, number>>;
  /** What interceptors did to each call (badges on its call and result nodes). */
  interceptions?: Readonly<Record<string, readonly Interception[]>>;
  /** The names of the session's MCP tools: only their results are read as MCP results. */
  mcpTools?: ReadonlySet<string>;
  /** The lane these messages are drawn in (branches add lanes). */
  lane?: string;
};

const NO_MCP_TOOLS: ReadonlySet<string> = new Set();

type NewNode = TimelineNode extends infer Node
  ? Node extends TimelineNode
    ? Omit<Node, 'segment' | 'stepId'>
    : never
  : never;

/** How a call's arguments fared: validation runs before anything else. */
function argumentsBadge(outcome: ToolOutcomeKind | undefined): Badge | undefined {
  if (outcome === 'invalid-input') return { text: 'invalid arguments', tone: 'error' };
  if (outcome === 'unknown-tool') return { text: 'unknown tool', tone: 'error' };
  if (outcome === undefined || outcome === 'blocked') return undefined;
  return { text: 'valid', tone: 'ok' };
}

/**
 * Derives the run's graph from the session's messages: user message → assistant step →
 * one tool-call node per call (→ an approval gate when the person was asked) → its
 * tool-result node (edge labelled with the call id) → the next step, which every result of
 * the step before feeds into. Each user message and each model step is a segment; steps
 * are drawn as bands with their time and tokens.
 */
export function buildTimeline({
  messages,
  error,
  streaming = false,
  pausedToolCallId,
  approvals = {},
  outcomes = {},
  durations = {},
  interceptions = {},
  mcpTools = NO_MCP_TOOLS,
  lane = 'main',
}: BuildOptions): Timeline & { exits: string[] } {
  const nodes: TimelineNode[] = [];
  const edges: TimelineEdge[] = [];
  const segments: TimelineSegment[] = [];
  let previous: string[] = [];
  let segment: TimelineSegment | undefined;
  let stepId: string | undefined;
  /** User messages waiting for the request that carries them. */
  let uncarried: TimelineNode[] = [];
  const startSegment = (id: string, band?: string) => {
    segment = { id, lane, nodeIds: [], band };
    segments.push(segment);
  };
  const add = (node: NewNode) => {
    const added = { ...node, segment: segment!.id, stepId } as TimelineNode;
    nodes.push(added);
    segment!.nodeIds.push(node.id);
    return added;
  };
  const connect = (target: string, sources: string[] = previous, label?: string, failed = false) => {
    for (const source of sources) edges.push({ id: `${source}->${target}`, source, target, label, failed });
  };

  messages.forEach((message, messageIndex) => {
    const isLast = messageIndex === messages.length - 1;
    if (message.role !== 'assistant') {
      const text = textOf(message.parts);
      const title = message.role === 'user' ? 'User message' : 'System message';
      startSegment(message.id);
      stepId = undefined;
      const added = add({
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
      uncarried.push(added);
      connect(message.id);
      previous = [message.id];
      return;
    }

    const steps = splitSteps(message);
    steps.forEach((parts, stepIndex) => {
      stepId = `${message.id}:step-${stepIndex + 1}`;
      for (const user of uncarried) user.stepId = stepId;
      uncarried = [];
      const text = textOf(parts);
      const calls = parts.filter(isToolUIPart);
      const lastStep = isLast && stepIndex === steps.length - 1;
      const state =
        streaming && lastStep ? 'streaming' : !streaming && lastStep && error !== undefined ? 'incomplete' : 'done';
      const retries = countRetries(parts);
      const early = unexpectedFinish(parts);
      const finalAnswer = calls.length === 0 && state === 'done' && stepIndex === steps.length - 1 && !early;
      const summary =
        (retries.count > 0 ? `Retried ${retries.count}× (${retries.reason}) · ` : '') +
        (summarize(text) || (calls.length > 0 ? `Calls ${calls.map(getToolName).join(', ')}` : '(no text)'));
      // A step the person made by hand (Try this tool) is drawn as theirs, not the model's.
      const manual = (message.metadata as { manual?: unknown } | undefined)?.manual === true;
      startSegment(stepId, manual ? 'Manual step · Try this tool' : describeStep(stepIndex + 1, parts, state));
      const assistantId = stepId;
      add({
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
      connect(assistantId);
      previous = [assistantId];
      if (calls.length === 0) return;

      const results: string[] = [];
      for (const call of calls) {
        const name = getToolName(call);
        const callNodeId = `${call.toolCallId}:call`;
        // A call the model was still writing when the token limit cut it never ran: it is not a call.
        const cutOff =
          early?.reason === 'length' &&
          call.state === 'output-error' &&
          ownValue(outcomes, call.toolCallId) === undefined;
        const outcome = outcomeOf(call, ownValue(outcomes, call.toolCallId));
        const validity: Badge | undefined = cutOff ? { text: 'cut off', tone: 'error' } : argumentsBadge(outcome);
        add({
          id: callNodeId,
          kind: 'tool-call',
          label: `Tool call ${name}${validity?.tone === 'error' ? ` (${validity.text})` : ''}`,
          title: callTitle(name, call.input),
          summary: summarize(JSON.stringify(call.input ?? {})),
          badges: [
            ...(validity ? [validity] : []),
            ...interceptionBadges(ownValue(interceptions, call.toolCallId), 'before'),
          ],
          step: stepIndex + 1,
          status: call.state === 'input-streaming' ? 'streaming' : 'done',
          detail: { toolCallId: call.toolCallId, toolName: name, input: call.input, state: call.state },
        });
        connect(callNodeId, [assistantId]);

        const failed = call.state === 'output-error' || call.state === 'output-denied';
        const finished = call.state === 'output-available' || failed;
        const paused = !finished && call.toolCallId === pausedToolCallId;
        const approval = ownValue(approvals, call.toolCallId) ?? (paused ? 'waiting' : undefined);
        let beforeResult = callNodeId;
        if (approval) {
          const gateId = `${call.toolCallId}:approval`;
          const words = {
            waiting: 'waiting',
            approved: 'approved',
            edited: 'approved with edited arguments',
            rejected: 'rejected',
          } as const;
          add({
            id: gateId,
            kind: 'approval',
            label: `Approval ${name}: ${words[approval]}`,
            title: `Approval · ${name}`,
            summary: words[approval],
            badges: [],
            step: stepIndex + 1,
            status: approval === 'waiting' ? 'paused' : approval === 'rejected' ? 'blocked' : 'done',
            detail: { toolCallId: call.toolCallId, toolName: name, approval },
          });
          connect(gateId, [callNodeId], undefined, approval === 'rejected');
          beforeResult = gateId;
        }

        const resultId = `${call.toolCallId}:result`;
        const output = call.state === 'output-available' ? call.output : undefined;
        const errorText =
          call.state === 'output-error' ? call.errorText : call.state === 'output-denied' ? 'Denied' : undefined;
        const blocked = approval === 'rejected' || outcome === 'blocked';
        // An MCP tool's output is read as MCP's result (checked: it may come from a file or a link).
        const mcp = output !== undefined && mcpTools.has(name) ? readMcpCallResult(output) : undefined;
        const resultText =
          (errorText === undefined ? undefined : errorMessageOf(errorText)) ??
          (mcp?.ok ? mcpResultText(mcp.result) : outputText(output));
        const facts = readResultFacts(output);
        const durationMs = ownValue(durations, call.toolCallId) ?? facts.executionTimeMs;
        const changes = readStateChanges(output);
        const badges: Badge[] = [
          ...(facts.truncated ? [{ text: 'truncated', tone: 'error' } as const] : []),
          ...(durationMs !== undefined ? [{ text: `${durationMs} ms`, tone: 'neutral' } as const] : []),
          ...changes.map((change) => ({ text: `${FILE_MARKS[change.type]}${change.path}`, tone: 'neutral' }) as const),
          ...(mcp?.ok
            ? mcpBadges(mcp.result)
            : mcp
              ? [{ text: 'not a valid MCP result', tone: 'error' } as const]
              : []),
          ...interceptionBadges(ownValue(interceptions, call.toolCallId), 'after'),
        ];
        const word = cutOff
          ? 'cut off'
          : outcome === 'stopped'
            ? 'stopped'
            : blocked
              ? 'blocked'
              : failed
                ? 'error'
                : finished
                  ? 'ok'
                  : paused
                    ? 'waiting for approval'
                    : 'running';
        add({
          id: resultId,
          kind: 'tool-result',
          label: `Tool result ${name}: ${word}${facts.truncated ? ', truncated' : ''}`,
          title: resultTitle(name, call.input, word, finished ? resultText : undefined),
          summary: finished ? summarize(resultText) : paused ? 'Waiting for your approval' : 'Running…',
          badges,
          step: stepIndex + 1,
          status: blocked ? 'blocked' : failed ? 'failed' : finished ? 'done' : paused ? 'paused' : 'running',
          detail:
            finished && outcome
              ? {
                  toolCallId: call.toolCallId,
                  toolName: name,
                  finished: true,
                  outcome,
                  ...(failed ? { errorText: errorText ?? resultText } : { output }),
                  ...(mcp && !failed ? { mcp } : {}),
                }
              : { toolCallId: call.toolCallId, toolName: name, finished: false, state: call.state },
        });
        connect(resultId, [beforeResult], shortCallId(call.toolCallId), failed);
        results.push(resultId);
      }
      previous = results;
    });
  });

  markLeftOut(messages, nodes);
  if (error) {
    startSegment(`${lane}:error`);
    // The error may have come before any step of the request it ended.
    stepId = undefined;
    add({
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
    connect(`${lane}:error`, previous, undefined, true);
  }
  return {
    nodes,
    edges,
    segments,
    lanes: [{ id: lane, label: 'Conversation', active: true, branchFrom: undefined }],
    exits: previous,
  };
}
