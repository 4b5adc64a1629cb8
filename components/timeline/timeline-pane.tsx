'use client';

import {
  Background,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
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
import { FitViewIcon, useFlowElements } from './flow-elements';

const nodeTypes = { timeline: TimelineNodeView, band: StepBandView };
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
