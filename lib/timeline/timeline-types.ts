import type { McpInputRecord } from '../shapes/mcp-input';
import type { UIMessage } from 'ai';
import type { ApprovalRecord } from '../shapes/approval';
import type { ToolOutcomeKind } from '../shapes/tool-outcome';
import type { ReadMcpResult } from '../mcp/mcp-result';

/** The roles a node can have; each has one colour and shape everywhere in the UI. */
export type TimelineNodeKind = 'user' | 'assistant' | 'tool-call' | 'approval' | 'tool-result' | 'error';

/** `incomplete`: the stream stopped (error or Stop) before the step finished. */
export type TimelineNodeStatus = 'streaming' | 'running' | 'paused' | 'done' | 'failed' | 'blocked' | 'incomplete';

/** A short fact drawn on a node ("invalid arguments", "12 ms", "+a.txt"), with how to colour it. */
export type Badge = { text: string; tone: 'neutral' | 'ok' | 'error' };

type NodeBase = {
  id: string;
  /** Accessible name; starts with the role ("User message", "Tool call read_file", …). */
  label: string;
  title: string;
  summary: string;
  badges: Badge[];
  /** The model step (1-based) the node belongs to, within its user turn. */
  step: number | undefined;
  /**
   * The id of the model step (the request) the node belongs to — for a user message, the
   * request that carried it; undefined while none has started.
   */
  stepId: string | undefined;
  status: TimelineNodeStatus;
  /** The group it is laid out and banded with: a user message, a model step, an error. */
  segment: string;
};

/** A tool call's result: how it ended, or (still running) the part's state. */
export type ToolResultDetail =
  | {
      toolCallId: string;
      toolName: string;
      finished: true;
      outcome: ToolOutcomeKind;
      output?: unknown;
      errorText?: string;
      /** An MCP tool's output read as MCP's result, or why it is not one (then drawn as JSON). */
      mcp?: ReadMcpResult;
    }
  | { toolCallId: string; toolName: string; finished: false; state: string };

/** One node of the graph; `detail` is what the Inspector shows, typed by the node's kind. */
export type TimelineNode =
  | (NodeBase & { kind: 'user'; detail: UIMessage })
  | (NodeBase & {
      kind: 'assistant';
      detail: { id: string; role: 'assistant'; step: number; parts: UIMessage['parts'] };
    })
  | (NodeBase & { kind: 'tool-call'; detail: { toolCallId: string; toolName: string; input: unknown; state: string } })
  | (NodeBase & {
      kind: 'approval';
      detail: {
        toolCallId: string;
        toolName: string;
        approval: ApprovalRecord | 'waiting';
        /** Set when the gate was an MCP server's question while the call ran (elicitation). */
        question?: McpInputRecord;
      };
    })
  | (NodeBase & { kind: 'tool-result'; detail: ToolResultDetail })
  | (NodeBase & { kind: 'error'; detail: { error: string } });

export type TimelineEdge = {
  id: string;
  source: string;
  target: string;
  /** Short tool_call_id on call → result edges, so it is clear which result answers which call. */
  label: string | undefined;
  failed: boolean;
  /** The edge from a recorded step to the replay's step that parted from it (`Replay against the model`): what differed. */
  divergence?: string;
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
