'use client';

import {
  Background,
  ControlButton,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  Position,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { PositionedBand, PositionedNode, PositionedTimeline, TimelineEdge } from '@/lib/timeline/timeline-types';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { Tabs } from '../ui/tabs';
import { BranchBar } from './branch-bar';
import { SequenceView } from './sequence-view';
import { ReplayControl } from './replay-control';
import { TimelineLegend } from './timeline-legend';
import { StepBandView, TimelineNodeView, type BandFlowNode, type TimelineFlowNode } from './timeline-node-view';
import { followedNodeIds } from '@/lib/timeline/followed-node-ids';
import { stopNodeId } from '@/lib/lessons/stop-place';
import { useTimeline } from '../shared/use-timeline';
import { type Box, boundsOf, overlaps } from '@/lib/timeline/flow-window';
import { useFlowWindow } from './use-flow-window';

const nodeTypes = { timeline: TimelineNodeView, band: StepBandView };
/** The edge joining a replay to the run it replayed: dashed and amber, its label saying what differed. */
const DIVERGENCE_EDGE = { stroke: '#d97706', strokeWidth: 2, strokeDasharray: '6 4' };
/** The lowest zoom the graph opens or follows at: node text (14 px) stays at least 12 px on screen. */
const READABLE_ZOOM = 0.86;
/** Presenter mode's: every node text (12 px badges too) at least 18 px on screen, for the back of a room. */
const PRESENTER_ZOOM = 1.5;
/** Above this many nodes the overview map costs frames while panning (it redraws every node), so it starts off. */
const MINIMAP_AUTO_LIMIT = 300;
/** Above this many nodes only those in view are rendered. */
const WINDOWED_ABOVE = 200;
/** A run this small is on screen whole: an overview would only cover nodes, so it starts off. */
const MINIMAP_AUTO_MIN = 12;
/** Whether the overview map starts on for a graph of `count` nodes. */
const overviewByDefault = (count: number) => count > MINIMAP_AUTO_MIN && count <= MINIMAP_AUTO_LIMIT;
const MINIMAP_COLOURS: Record<string, string> = {
  user: '#2563eb',
  assistant: '#7c3aed',
  'tool-call': '#b45309',
  approval: '#b45309',
  'tool-result': '#047857',
  error: '#dc2626',
};

/**
 * Keeps the newest nodes in view as the run grows, when following is on. A windowed graph
 * jumps instead of gliding: the glide zooms out on its way, and every node and edge it
 * passes over is drawn (a 500-call session took seconds to open that way).
 */
function FollowLatest({
  latest,
  on,
  glide,
  minZoom,
}: {
  latest: string[];
  on: boolean;
  glide: boolean;
  minZoom: number;
}) {
  const { fitView } = useReactFlow();
  // The ids as one string: a new array with the same ids must not refit.
  const key = latest.join(',');
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',');
    if (!on || ids.length === 0) return;
    const frame = requestAnimationFrame(
      () =>
        void fitView({
          nodes: ids.map((id) => ({ id })),
          duration: glide ? 200 : 0,
          minZoom,
          maxZoom: Math.max(1.25, minZoom),
          padding: 0.15,
        }),
    );
    return () => cancelAnimationFrame(frame);
  }, [key, on, glide, fitView, minZoom]);
  return null;
}

/** React Flow's fit-view icon, for the fit that covers a windowed graph whole. */
function FitViewIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
      <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
    </svg>
  );
}

/** The node an arrow key moves to: down/up in run order, left/right within the same row. */
function neighbour(nodes: PositionedNode[], currentId: string, key: string): PositionedNode | undefined {
  const index = nodes.findIndex((node) => node.id === currentId);
  if (index === -1) return nodes[0];
  const current = nodes[index];
  if (key === 'ArrowDown') return nodes[index + 1];
  if (key === 'ArrowUp') return nodes[index - 1];
  const row = nodes.filter((node) => node.y === current.y && node.id !== current.id);
  const candidates =
    key === 'ArrowRight'
      ? row.filter((node) => node.x > current.x).sort((a, b) => a.x - b.x)
      : row.filter((node) => node.x < current.x).sort((a, b) => b.x - a.x);
  return candidates[0];
}

/** A band behind a stretch of the run (a replay, a manual step, a lesson's part): drawn, never selected. */
function bandFlowNode(band: PositionedBand): BandFlowNode {
  return {
    id: band.id,
    type: 'band',
    position: { x: band.x, y: band.y },
    data: { label: band.label, width: band.width, height: band.height, kind: band.kind },
    // Known size (as measured) and no handles: React Flow then draws only the bands in view from the start.
    width: band.width,
    height: band.height,
    measured: { width: band.width, height: band.height },
    handles: [],
    zIndex: -1,
    selectable: false,
    focusable: false,
    draggable: false,
    connectable: false,
  };
}

/** A node of the run as React Flow draws it, with its size and handles known in advance. */
function timelineFlowNode(node: PositionedNode, selected: boolean, active: boolean): TimelineFlowNode {
  return {
    id: node.id,
    type: 'timeline',
    position: { x: node.x, y: node.y },
    // Known sizes: the overview map draws nodes that were never on screen (only visible ones are rendered).
    width: node.width,
    height: node.height,
    measured: { width: node.width, height: node.height },
    // Its size as measured, and where its handles are (React Flow's 6 px handles, centred on the
    // top and bottom edges): without them React Flow draws every node once to measure it —
    // 2,000 nodes, ~0.5 s of layout for a 500-call session — and again whenever the list changes,
    // and waits for that measuring before it fits the view.
    handles: [
      { type: 'target', position: Position.Top, x: node.width / 2 - 3, y: -3, width: 6, height: 6 },
      { type: 'source', position: Position.Bottom, x: node.width / 2 - 3, y: node.height - 3, width: 6, height: 6 },
    ],
    data: { node },
    ariaLabel: node.label,
    // Another branch's lane: drawn without colour, its text as readable as the active lane's (AA contrast).
    className: active ? undefined : 'grayscale',
    selected,
    draggable: false,
    connectable: false,
  };
}

/** An edge: a call's id on it, red when the call failed, marked where a replay diverged. */
function flowEdge(edge: TimelineEdge): Edge {
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    label: edge.label,
    ariaLabel: edge.divergence ?? (edge.label ? `Tool call id ${edge.label}` : undefined),
    markerEnd: { type: MarkerType.ArrowClosed },
    style: edge.divergence ? DIVERGENCE_EDGE : edge.failed ? { stroke: '#dc2626', strokeWidth: 2 } : undefined,
    labelStyle: { fontFamily: 'ui-monospace, monospace', fontSize: 12 },
  };
}

/**
 * What React Flow is given: the run's nodes, bands and edges — of a windowed run, those near the
 * view and the followed nodes (Follow latest fits them by id) — and the whole run's bounds.
 */
function useFlowElements(
  timeline: PositionedTimeline,
  {
    latest,
    windowed,
    follow,
    selectedNodeId,
  }: { latest: string[]; windowed: boolean; follow: boolean; selectedNodeId: string | undefined },
) {
  const activeLane = useMemo(
    () => new Set(timeline.lanes.filter((lane) => lane.active).map((lane) => lane.id)),
    [timeline],
  );
  const latestKey = latest.join(',');
  const latestBounds = useMemo(() => {
    const ids = new Set(latestKey.split(','));
    return boundsOf(timeline.nodes.filter((node) => ids.has(node.id)));
  }, [timeline, latestKey]);
  const shown = useFlowWindow(windowed, follow ? latestBounds : boundsOf(timeline.nodes.slice(0, 3)));
  const nodes = useMemo<(TimelineFlowNode | BandFlowNode)[]>(() => {
    const kept = new Set(latestKey.split(','));
    const near = (box: Box & { id: string }) => shown === undefined || kept.has(box.id) || overlaps(shown, box);
    return [
      ...timeline.bands.filter(near).map(bandFlowNode),
      ...timeline.nodes
        .filter(near)
        .map((node) => timelineFlowNode(node, node.id === selectedNodeId, activeLane.has(node.lane))),
    ];
  }, [timeline, selectedNodeId, activeLane, shown, latestKey]);
  const edges = useMemo<Edge[]>(() => {
    if (shown === undefined) return timeline.edges.map(flowEdge);
    const present = new Set(nodes.map((node) => node.id));
    return timeline.edges.filter((edge) => present.has(edge.source) && present.has(edge.target)).map(flowEdge);
  }, [timeline, shown, nodes]);
  const wholeGraph = useMemo(() => boundsOf([...timeline.bands, ...timeline.nodes]), [timeline]);
  return { nodes, edges, wholeGraph };
}

function TimelineGraph({ follow, overview }: { follow: boolean; overview: boolean | undefined }) {
  const timeline = useTimeline();
  const selectedNodeId = useSession((state) => state.selectedNodeId);
  // A lesson's stop is followed on its own (shown even while its question waits).
  const lessonStop = useSession((state) => {
    const stop = state.lessonPlay ? state.lesson?.stops[state.lessonPlay.stop] : undefined;
    return stop ? stopNodeId(stop, state.activeBranch.id) : undefined;
  });
  const { selectNode } = useSessionActions();
  const { setCenter, getZoom, fitBounds } = useReactFlow();
  const readable = useSession((state) => (state.presenter ? PRESENTER_ZOOM : READABLE_ZOOM));

  // Followed: the active lane's newest step (a short run whole), never below the readable zoom — the rest scrolls.
  const latest = followedNodeIds(timeline, lessonStop);
  const showOverview = overview ?? overviewByDefault(timeline.nodes.length);
  // A long run without the overview map (which draws every node): React Flow is given what is near the view.
  const windowed = timeline.nodes.length > WINDOWED_ABOVE && !showOverview;
  const { nodes, edges, wholeGraph } = useFlowElements(timeline, { latest, windowed, follow, selectedNodeId });

  const onNodesChange = (changes: NodeChange<TimelineFlowNode | BandFlowNode>[]) => {
    const selected = changes.find((change) => change.type === 'select' && change.selected);
    if (selected && selected.type === 'select') selectNode(selected.id);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'].includes(event.key)) return;
    const next = neighbour(timeline.nodes, selectedNodeId ?? '', event.key);
    if (!next) return;
    event.preventDefault();
    selectNode(next.id);
    void setCenter(next.x + next.width / 2, next.y + next.height / 2, {
      zoom: Math.max(getZoom(), readable),
      duration: 150,
    });
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(next.id)}"]`)?.focus(),
    );
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onPaneClick={() => selectNode(undefined)}
      onKeyDown={onKeyDown}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      disableKeyboardA11y={false}
      colorMode="system"
      minZoom={0.05}
      // Every node is in the page (for screen readers and find-in-page) until a run is long enough to cost frames.
      onlyRenderVisibleElements={timeline.nodes.length > WINDOWED_ABOVE}
      fitView
      fitViewOptions={{ minZoom: readable, maxZoom: Math.max(1.25, readable), padding: 0.15 }}
      // The wheel scrolls the graph like a page; Ctrl/⌘ + wheel, pinch and the buttons zoom.
      panOnScroll
      zoomOnScroll={false}
    >
      <Background />
      <Controls showInteractive={false} showFitView={!windowed}>
        {windowed && wholeGraph ? (
          // React Flow's own would fit only the nodes it holds: this one fits the whole run.
          <ControlButton
            className="react-flow__controls-fitview"
            aria-label="Fit View"
            title="Fit View"
            onClick={() => void fitBounds(wholeGraph, { padding: 0.15 })}
          >
            <FitViewIcon />
          </ControlButton>
        ) : null}
      </Controls>
      {showOverview ? (
        <MiniMap
          pannable
          zoomable
          ariaLabel="Timeline overview"
          style={{ width: 140, height: 100 }}
          bgColor="var(--panel)"
          nodeStrokeWidth={0}
          className="!border !border-[var(--border)]"
          maskColor="rgba(100, 116, 139, 0.15)"
          nodeColor={(node: Node) =>
            node.type === 'band' ? 'transparent' : MINIMAP_COLOURS[(node.data as { node: PositionedNode }).node.kind]
          }
        />
      ) : null}
      <FollowLatest latest={latest} on={follow} glide={timeline.nodes.length <= WINDOWED_ABOVE} minZoom={readable} />
    </ReactFlow>
  );
}

const TIMELINE_VIEWS = ['graph', 'sequence'] as const;
type TimelineView = (typeof TIMELINE_VIEWS)[number];
const VIEW_LABELS: Record<TimelineView, string> = { graph: 'Graph', sequence: 'Sequence' };

/** The run as a graph, or as a sequence diagram; both are derived from the session, never stored. */
export function TimelinePane() {
  // Empty only when no branch has anything either (Compare's runs are branches beside an empty one).
  const empty = useSession(
    (state) =>
      state.messages.length === 0 && !state.chatError && state.branches.every((branch) => branch.messages.length === 0),
  );
  const [follow, setFollow] = useState(true);
  const [overview, setOverview] = useState<boolean | undefined>();
  const view = useSession((state) => state.timelineView);
  const { setTimelineView: setView } = useSessionActions();
  const nodeCount = useTimeline().nodes.length;
  return (
    <section aria-label="Timeline" className="pane">
      <h2 className="pane-title">
        Timeline
        <ReplayControl />
        <TimelineLegend />
        {view === 'graph' ? (
          <>
            <label className="ml-auto flex items-center gap-1 font-normal normal-case">
              <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} />
              Follow latest
            </label>
            <label
              className="flex items-center gap-1 font-normal normal-case"
              title="The overview map starts on for runs of 13 to 300 nodes"
            >
              <input
                type="checkbox"
                checked={overview ?? overviewByDefault(nodeCount)}
                onChange={(event) => setOverview(event.target.checked)}
              />
              Overview
            </label>
          </>
        ) : null}
      </h2>
      <BranchBar />
      <Tabs
        label="Timeline views"
        tabs={TIMELINE_VIEWS}
        labels={VIEW_LABELS}
        current={view}
        onChange={setView}
        className="flex min-h-0 flex-1 flex-col gap-1 pt-1"
        panelClassName="relative min-h-0 flex-1"
      >
        {empty ? (
          <p className="muted p-4 text-sm">
            Send a message and the run appears here: your message, each model step (with its time and tokens), every
            tool call and the result that answers it (joined by the call id), then the final answer. Click a node to
            inspect it.
          </p>
        ) : view === 'sequence' ? (
          <SequenceView />
        ) : (
          <ReactFlowProvider>
            <TimelineGraph follow={follow} overview={overview} />
          </ReactFlowProvider>
        )}
      </Tabs>
    </section>
  );
}
