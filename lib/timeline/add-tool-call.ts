import { add, type BuildOptions, type Builder, connect, NO_MCP_TOOLS } from './timeline-builder';
import { callTitle, resultTitle } from './describe-call';
import { FILE_MARKS, interceptionBadges, shortCallId, summarize } from './step-facts';
import type { UIMessage } from 'ai';
import { getToolName } from '../shapes/tool-parts';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import { readStateChanges } from '../shapes/state-change';
import { outputText } from '../messages/split-steps';
import { mcpBadges, mcpResultText, readMcpCallResult } from '../mcp/mcp-result';
import { errorMessageOf } from '../shapes/tool-error';
import { outcomeOf, ownValue, readResultFacts } from './read-call-result';
import type { Badge } from './timeline-types';

/* One tool call on the graph: its node, the approval gate when the person was asked, its result. */

/** How a call's arguments fared: validation runs before anything else. */
function argumentsBadge(outcome: ToolOutcomeKind | undefined): Badge | undefined {
  if (outcome === 'invalid-input') return { text: 'invalid arguments', tone: 'error' };
  if (outcome === 'unknown-tool') return { text: 'unknown tool', tone: 'error' };
  if (outcome === undefined || outcome === 'blocked') return undefined;
  return { text: 'valid', tone: 'ok' };
}

export type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** One call: its node, the approval gate when the person was asked, and its result; the result's id. */
export function addCall(
  b: Builder,
  options: BuildOptions,
  call: ToolPart,
  at: { assistantId: string; step: number; cutByLength: boolean },
): string {
  const { outcomes = {}, interceptions = {}, approvals = {}, mcpInputs = {}, pausedToolCallId } = options;
  const name = getToolName(call);
  const callNodeId = `${call.toolCallId}:call`;
  // A call the model was still writing when the token limit cut it never ran: it is not a call.
  const cutOff = at.cutByLength && call.state === 'output-error' && ownValue(outcomes, call.toolCallId) === undefined;
  const outcome = outcomeOf(call, ownValue(outcomes, call.toolCallId));
  const validity: Badge | undefined = cutOff ? { text: 'cut off', tone: 'error' } : argumentsBadge(outcome);
  add(b, {
    id: callNodeId,
    kind: 'tool-call',
    label: `Tool call ${name}${validity?.tone === 'error' ? ` (${validity.text})` : ''}`,
    title: callTitle(name, call.input),
    summary: summarize(JSON.stringify(call.input ?? {})),
    badges: [
      ...(validity ? [validity] : []),
      ...interceptionBadges(ownValue(interceptions, call.toolCallId), 'before'),
    ],
    step: at.step,
    status: call.state === 'input-streaming' ? 'streaming' : 'done',
    detail: { toolCallId: call.toolCallId, toolName: name, input: call.input, state: call.state },
  });
  connect(b, callNodeId, [at.assistantId]);

  const finished = call.state === 'output-available' || call.state === 'output-error' || call.state === 'output-denied';
  const paused = !finished && call.toolCallId === pausedToolCallId;
  const approval = ownValue(approvals, call.toolCallId) ?? (paused ? 'waiting' : undefined);
  let beforeResult = callNodeId;
  if (approval) {
    const gateId = `${call.toolCallId}:approval`;
    add(b, {
      id: gateId,
      kind: 'approval',
      label: `Approval ${name}: ${APPROVAL_WORDS[approval]}`,
      title: `Approval · ${name}`,
      summary: APPROVAL_WORDS[approval],
      badges: [],
      step: at.step,
      status: approval === 'waiting' ? 'paused' : approval === 'rejected' ? 'blocked' : 'done',
      detail: { toolCallId: call.toolCallId, toolName: name, approval },
    });
    connect(b, gateId, [callNodeId], undefined, approval === 'rejected');
    beforeResult = gateId;
  }
  for (const [index, question] of (ownValue(mcpInputs, call.toolCallId) ?? []).entries()) {
    const questionId = `${call.toolCallId}:question:${index}`;
    const answered = QUESTION_WORDS[question.action];
    add(b, {
      id: questionId,
      kind: 'approval',
      label: `Question ${name}: ${answered}`,
      title: `${question.url ? 'Asked to open a page' : 'Asked you'} · ${name}`,
      summary: summarize(
        `${question.message} → ${answered}${question.fields?.length ? ` (${question.fields.join(', ')})` : ''}`,
      ),
      badges: [{ text: answered, tone: question.action === 'accept' ? 'ok' : 'neutral' }],
      step: at.step,
      status: 'done',
      detail: { toolCallId: call.toolCallId, toolName: name, approval: 'approved', question },
    });
    connect(b, questionId, [beforeResult]);
    beforeResult = questionId;
  }
  return addResult(b, options, call, {
    step: at.step,
    beforeResult,
    cutOff,
    outcome,
    paused,
    rejected: approval === 'rejected',
  });
}

/** How the person answered a server's question, as the graph says it. */
const QUESTION_WORDS = { accept: 'answered', decline: 'declined', cancel: 'dismissed' } as const;

const APPROVAL_WORDS = {
  waiting: 'waiting',
  approved: 'approved',
  edited: 'approved with edited arguments',
  rejected: 'rejected',
} as const;

/** A call's result node (running, waiting, or its output or error, with what it changed); its id. */
function addResult(
  b: Builder,
  options: BuildOptions,
  call: ToolPart,
  at: {
    step: number;
    beforeResult: string;
    cutOff: boolean;
    outcome: ReturnType<typeof outcomeOf>;
    paused: boolean;
    rejected: boolean;
  },
): string {
  const { durations = {}, interceptions = {}, mcpTools = NO_MCP_TOOLS } = options;
  const { outcome, paused } = at;
  const name = getToolName(call);
  const failed = call.state === 'output-error' || call.state === 'output-denied';
  const finished = call.state === 'output-available' || failed;
  const resultId = `${call.toolCallId}:result`;
  const output = call.state === 'output-available' ? call.output : undefined;
  const errorText =
    call.state === 'output-error' ? call.errorText : call.state === 'output-denied' ? 'Denied' : undefined;
  const blocked = at.rejected || outcome === 'blocked';
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
    ...(mcp?.ok ? mcpBadges(mcp.result) : mcp ? [{ text: 'not a valid MCP result', tone: 'error' } as const] : []),
    ...interceptionBadges(ownValue(interceptions, call.toolCallId), 'after'),
  ];
  const word = at.cutOff
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
  add(b, {
    id: resultId,
    kind: 'tool-result',
    label: `Tool result ${name}: ${word}${facts.truncated ? ', truncated' : ''}`,
    title: resultTitle(name, call.input, word, finished ? resultText : undefined),
    summary: finished ? summarize(resultText) : paused ? 'Waiting for your approval' : 'Running…',
    badges,
    step: at.step,
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
  connect(b, resultId, [at.beforeResult], shortCallId(call.toolCallId), failed);
  return resultId;
}
