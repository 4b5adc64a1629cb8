/** The roles a node can have; each has one colour and shape everywhere in the UI. */
export type TimelineNodeKind = 'user' | 'assistant' | 'tool-call' | 'tool-result' | 'error';

/** `incomplete`: the stream stopped (error or Stop) before the step finished. */
export type TimelineNodeStatus = 'streaming' | 'running' | 'paused' | 'done' | 'failed' | 'incomplete';

export type TimelineNode = {
  id: string;
  kind: TimelineNodeKind;
  /** Accessible name; starts with the role ("User message", "Tool call read_file", …). */
  label: string;
  title: string;
  summary: string;
  /** The model step (1-based) the node belongs to, within its user turn. */
  step: number | undefined;
  status: TimelineNodeStatus;
  /** What the inspector shows: the data as the session holds it. */
  detail: unknown;
};

export type TimelineEdge = {
  id: string;
  source: string;
  target: string;
  /** Short tool_call_id on call → result edges, so it is clear which result answers which call. */
  label: string | undefined;
  failed: boolean;
};

export type Timeline = { nodes: TimelineNode[]; edges: TimelineEdge[] };

export type PositionedNode = TimelineNode & { x: number; y: number; width: number; height: number };
export type PositionedTimeline = { nodes: PositionedNode[]; edges: TimelineEdge[] };
