import { isSimulatedUserTurn } from '../messages/simulated-user-turn';
import { shortCallId } from './step-facts';
import type { Timeline, TimelineNode, TimelineNodeKind } from './timeline-types';

/** A lane of the sequence diagram: a participant of the run. */
export type SequenceLane = { id: string; label: string };

/**
 * One message of the run, drawn as an arrow from one lane to another. `label` is its
 * accessible name — the graph node's own, or "Model request, step N" for the request that
 * starts a step; clicking it selects `nodeId` (the request selects its step's node).
 */
export type SequenceArrow = {
  id: string;
  from: string;
  to: string;
  label: string;
  text: string;
  nodeId: string;
  kind: TimelineNodeKind | 'request';
  failed: boolean;
};

export type SequenceDiagram = { lanes: SequenceLane[]; arrows: SequenceArrow[] };

export const SEQUENCE_LANES = {
  simulated: 'Simulated user',
  user: 'User',
  app: 'App',
  model: 'Model',
  tools: 'Tools',
} as const;

const mcpLane = (server: string) => `mcp:${server}`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** An arrow for `node`, from one lane to another. */
function arrowOf(node: TimelineNode, from: string, to: string, text: string): SequenceArrow {
  return {
    id: node.id,
    from,
    to,
    label: node.label,
    text,
    nodeId: node.id,
    kind: node.kind,
    failed: node.status === 'failed' || node.status === 'blocked' || node.kind === 'error',
  };
}

/** An MCP server's question while its call ran: the server asks the person (the app shows it), the answer goes back. */
function questionArrows(node: Extract<TimelineNode, { kind: 'approval' }>, server: string): SequenceArrow[] {
  const question = node.detail.question;
  if (!question) return [];
  const fields = question.fields?.length ? ` (${question.fields.join(', ')})` : '';
  return [
    {
      ...arrowOf(node, server, 'user', `asks: ${question.url ? `open ${question.url}` : question.message}`),
      id: `${node.id}:ask`,
    },
    { ...arrowOf(node, 'user', server, `answer: ${question.action}${fields}`), id: `${node.id}:answer` },
  ];
}

/**
 * The run as a sequence diagram, derived from the same typed timeline the graph draws (the
 * active branch's nodes, in run order): the person's message to the app, each request from
 * the app to the model (with the tool definitions, and the results it carries back), the
 * model's answer (its `tool_calls` with short call ids, or its text), each execution from the
 * app to the tools — an MCP server's tools in a lane of their own — and each result back.
 */
export function buildSequence(
  /** The timeline as built (with segments) or as laid out (each node with its lane). */
  timeline: Pick<Timeline, 'lanes'> & {
    nodes: readonly (TimelineNode & { lane?: string })[];
    segments?: Timeline['segments'];
  },
  {
    /** The server each MCP tool (by the name the model knows it) belongs to. */
    mcpServers = new Map<string, string>(),
    /** How many tool definitions each request carried. */
    toolCount,
  }: { mcpServers?: ReadonlyMap<string, string>; toolCount?: number } = {},
): SequenceDiagram {
  const activeLanes = new Set(timeline.lanes.filter((lane) => lane.active).map((lane) => lane.id));
  const segmentLanes = new Map((timeline.segments ?? []).map((segment) => [segment.id, segment.lane]));
  const nodes = timeline.nodes.filter(
    (node) => activeLanes.size === 0 || activeLanes.has(node.lane ?? segmentLanes.get(node.segment) ?? 'main'),
  );
  const callsByStep = new Map<string, TimelineNode[]>();
  for (const node of nodes)
    if (node.kind === 'tool-call' && node.stepId)
      callsByStep.set(node.stepId, [...(callsByStep.get(node.stepId) ?? []), node]);

  const servers: string[] = [];
  const toolLane = (toolName: string) => {
    const server = mcpServers.get(toolName);
    if (server === undefined) return 'tools';
    if (!servers.includes(server)) servers.push(server);
    return mcpLane(server);
  };
  const definitions = toolCount === undefined ? 'the tool definitions' : plural(toolCount, 'tool definition');

  const arrows: SequenceArrow[] = [];
  // A conversation case's simulated user has a lane of its own, beside the person's.
  let simulated = false;
  let resultsSinceRequest = 0;
  let step = 0;
  const arrow = (node: TimelineNode, from: string, to: string, text: string) =>
    arrows.push(arrowOf(node, from, to, text));

  for (const node of nodes) {
    switch (node.kind) {
      case 'user':
        if (isSimulatedUserTurn(node.detail)) {
          simulated = true;
          arrow(node, 'simulated', 'app', node.summary);
        } else arrow(node, 'user', 'app', node.summary);
        break;
      case 'assistant': {
        step++;
        const carried = resultsSinceRequest > 0 ? ` + ${plural(resultsSinceRequest, 'tool result')}` : '';
        arrows.push({
          id: `${node.id}:request`,
          from: 'app',
          to: 'model',
          label: `Model request, step ${node.step ?? step}`,
          text: `request: the conversation${carried} + ${definitions}`,
          nodeId: node.id,
          kind: 'request',
          failed: false,
        });
        resultsSinceRequest = 0;
        const calls = node.stepId ? (callsByStep.get(node.stepId) ?? []) : [];
        const said =
          calls.length > 0
            ? `tool_calls: ${calls
                .map((call) =>
                  call.kind === 'tool-call'
                    ? `${call.detail.toolName} (${shortCallId(call.detail.toolCallId)})`
                    : call.title,
                )
                .join(', ')}`
            : node.summary;
        arrow(node, 'model', 'app', said);
        break;
      }
      case 'tool-call':
        arrow(
          node,
          'app',
          toolLane(node.detail.toolName),
          `execute ${node.detail.toolName} (${shortCallId(node.detail.toolCallId)})`,
        );
        break;
      case 'approval':
        if (node.detail.question) arrows.push(...questionArrows(node, toolLane(node.detail.toolName)));
        else arrow(node, 'app', 'user', node.summary);
        break;
      case 'tool-result':
        resultsSinceRequest++;
        arrow(
          node,
          toolLane(node.detail.toolName),
          'app',
          `result (${shortCallId(node.detail.toolCallId)}): ${node.summary}`,
        );
        break;
      case 'error':
        arrow(node, 'app', 'user', node.summary);
        break;
    }
  }

  const lanes: SequenceLane[] = [
    ...(simulated ? [{ id: 'simulated', label: SEQUENCE_LANES.simulated }] : []),
    { id: 'user', label: SEQUENCE_LANES.user },
    { id: 'app', label: SEQUENCE_LANES.app },
    { id: 'model', label: SEQUENCE_LANES.model },
    { id: 'tools', label: SEQUENCE_LANES.tools },
    ...servers.map((server) => ({ id: mcpLane(server), label: `MCP ${server}` })),
  ];
  return { lanes, arrows };
}
