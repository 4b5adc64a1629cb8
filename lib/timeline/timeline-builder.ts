import type { McpInputRecord } from '../shapes/mcp-input';
import type { UIMessage } from 'ai';
import type { ApprovalRecord } from '../shapes/approval';
import type { Interception } from '../shapes/interceptor-spec';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import type { TimelineEdge, TimelineNode, TimelineSegment } from './timeline-types';

/* The run's graph as it is being drawn (build-timeline.ts), and the three moves that draw it. */

export type BuildOptions = {
  messages: readonly UIMessage[];
  /** The chat's error, if the last request failed. */
  error?: string;
  /** Whether a response is still streaming into the last message. */
  streaming?: boolean;
  /** The call waiting for the person (approval or step mode), drawn as paused. */
  pausedToolCallId?: string;
  /** How the person answered each call that asked for approval. */
  approvals?: Readonly<Record<string, ApprovalRecord>>;
  /** The questions MCP servers asked while calls ran, as answered, by tool_call_id. */
  mcpInputs?: Readonly<Record<string, readonly McpInputRecord[]>>;
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

export const NO_MCP_TOOLS: ReadonlySet<string> = new Set();

export type NewNode = TimelineNode extends infer Node
  ? Node extends TimelineNode
    ? Omit<Node, 'segment' | 'stepId'>
    : never
  : never;

export /** The graph as it is being drawn: what is added so far, where new nodes go, and what the next one follows. */
type Builder = {
  nodes: TimelineNode[];
  edges: TimelineEdge[];
  segments: TimelineSegment[];
  lane: string;
  /** The nodes the next one follows (the last step's results, the last message). */
  previous: string[];
  segment: TimelineSegment | undefined;
  stepId: string | undefined;
  /** User messages waiting for the request that carries them. */
  uncarried: TimelineNode[];
};

/** One model step as drawn: its message, its parts, where it sits in the run. */
export type StepPlace = { message: UIMessage; parts: UIMessage['parts']; index: number; last: boolean; final: boolean };

export const startSegment = (b: Builder, id: string, band?: string) => {
  b.segment = { id, lane: b.lane, nodeIds: [], band };
  b.segments.push(b.segment);
};
export const add = (b: Builder, node: NewNode) => {
  const added = { ...node, segment: b.segment!.id, stepId: b.stepId } as TimelineNode;
  b.nodes.push(added);
  b.segment!.nodeIds.push(node.id);
  return added;
};
export const connect = (b: Builder, target: string, sources: string[] = b.previous, label?: string, failed = false) => {
  for (const source of sources) b.edges.push({ id: `${source}->${target}`, source, target, label, failed });
};
