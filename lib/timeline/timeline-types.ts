/** The roles a node can have; each has one colour and shape everywhere in the UI. */
export type TimelineNodeKind = 'user' | 'assistant' | 'tool-call' | 'approval' | 'tool-result' | 'error';

/** `incomplete`: the stream stopped (error or Stop) before the step finished. */
export type TimelineNodeStatus = 'streaming' | 'running' | 'paused' | 'done' | 'failed' | 'blocked' | 'incomplete';

export type TimelineNode = {
  id: string;
  kind: TimelineNodeKind;
  /** Accessible name; starts with the role ("User message", "Tool call read_file", …). */
  label: string;
  title: string;
  summary: string;
  /** Short facts drawn on the node: "invalid arguments", "12 ms", "truncated", "+a.txt". */
  badges: string[];
  /** The model step (1-based) the node belongs to, within its user turn. */
  step: number | undefined;
  status: TimelineNodeStatus;
  /** The group it is laid out and banded with: a user message, a model step, an error. */
  segment: string;
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

/** A group of nodes laid out together; a model step's segment is drawn as a band. */
export type TimelineSegment = {
  id: string;
  /** The branch (lane) it belongs to. */
  lane: string;
  nodeIds: string[];
  /** The band's caption ("Step 2 · 1.3 s · 412 → 58 tokens"), for model steps. */
  band: string | undefined;
};

/** A branch of the conversation, drawn as a column; lane `main` holds what all share. */
export type TimelineLane = { id: string; label: string; active: boolean; branchFrom: string | undefined };

export type Timeline = {
  nodes: TimelineNode[];
  edges: TimelineEdge[];
  segments: TimelineSegment[];
  lanes: TimelineLane[];
};

export type PositionedNode = TimelineNode & { x: number; y: number; width: number; height: number; lane: string };
export type PositionedBand = {
  id: string;
  kind: 'step' | 'lane';
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  lane: string;
};
export type PositionedTimeline = {
  nodes: PositionedNode[];
  edges: TimelineEdge[];
  bands: PositionedBand[];
  lanes: TimelineLane[];
};
