'use client';

import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { PositionedNode } from '@/lib/timeline/timeline-types';
import { useSession, useSessionActions } from '../playground/runtime-context';
import { BranchBar } from './branch-bar';
import { ReplayControl } from './replay-control';
import { StepBandView, TimelineNodeView, type BandFlowNode, type TimelineFlowNode } from './timeline-node-view';
import { useTimeline } from './use-timeline';

const nodeTypes = { timeline: TimelineNodeView, band: StepBandView };
/** Above this many nodes the overview map costs frames while panning (it redraws every node), so it starts off. */
const MINIMAP_AUTO_LIMIT = 300;
const MINIMAP_COLOURS: Record<string, string> = {
  user: '#2563eb',
  assistant: '#7c3aed',
  'tool-call': '#b45309',
  approval: '#b45309',
  'tool-result': '#047857',
  error: '#dc2626',
};

/** Keeps the newest nodes in view as the run grows, when following is on. */
function FollowLatest({ latest, on }: { latest: string[]; on: boolean }) {
  const { fitView } = useReactFlow();
  // The ids as one string: a new array with the same ids must not refit.
  const key = latest.join(',');
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',');
    if (!on || ids.length === 0) return;
    const frame = requestAnimationFrame(
      () => void fitView({ nodes: ids.map((id) => ({ id })), duration: 200, maxZoom: 1, padding: 0.2 }),
    );
    return () => cancelAnimationFrame(frame);
  }, [key, on, fitView]);
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
  const { selectNode } = useSessionActions();
  const { setCenter, getZoom } = useReactFlow();

  const activeLane = useMemo(
    () => new Set(timeline.lanes.filter((lane) => lane.active).map((lane) => lane.id)),
    [timeline],
  );
  const nodes = useMemo<(TimelineFlowNode | BandFlowNode)[]>(
    () => [
      ...timeline.bands.map<BandFlowNode>((band) => ({
        id: band.id,
        type: 'band',
        position: { x: band.x, y: band.y },
        data: { label: band.label, width: band.width, height: band.height, kind: band.kind },
        zIndex: -1,
        selectable: false,
        focusable: false,
        draggable: false,
        connectable: false,
      })),
      ...timeline.nodes.map<TimelineFlowNode>((node) => ({
        id: node.id,
        type: 'timeline',
        position: { x: node.x, y: node.y },
        data: { node },
        ariaLabel: node.label,
        className: activeLane.has(node.lane) ? undefined : 'opacity-55',
        selected: node.id === selectedNodeId,
        draggable: false,
        connectable: false,
      })),
    ],
    [timeline, selectedNodeId, activeLane],
  );
  const edges = useMemo<Edge[]>(
    () =>
      timeline.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        label: edge.label,
        ariaLabel: edge.label ? `Tool call id ${edge.label}` : undefined,
        markerEnd: { type: MarkerType.ArrowClosed },
        style: edge.failed ? { stroke: '#dc2626', strokeWidth: 2 } : undefined,
        labelStyle: { fontFamily: 'ui-monospace, monospace', fontSize: 10 },
      })),
    [timeline],
  );

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
      zoom: Math.max(getZoom(), 0.6),
      duration: 150,
    });
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(next.id)}"]`)?.focus(),
    );
  };

  // A short run is shown whole; a long one follows its newest nodes.
  const latest = (timeline.nodes.length <= 40 ? timeline.nodes : timeline.nodes.slice(-3)).map((node) => node.id);
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
      onlyRenderVisibleElements
      fitView
    >
      <Background />
      <Controls showInteractive={false} />
      {(overview ?? timeline.nodes.length <= MINIMAP_AUTO_LIMIT) ? (
        <MiniMap
          pannable
          zoomable
          ariaLabel="Timeline overview"
          style={{ width: 120, height: 90 }}
          className="!border !border-[var(--border)]"
          maskColor="rgba(100, 116, 139, 0.15)"
          nodeColor={(node: Node) =>
            node.type === 'band' ? 'transparent' : MINIMAP_COLOURS[(node.data as { node: PositionedNode }).node.kind]
          }
        />
      ) : null}
      <FollowLatest latest={latest} on={follow} />
    </ReactFlow>
  );
}

/** The run as a graph; nodes are derived from the session, never stored. */
export function TimelinePane() {
  const empty = useSession((state) => state.messages.length === 0 && !state.chatError);
  const [follow, setFollow] = useState(true);
  const [overview, setOverview] = useState<boolean | undefined>();
  const nodeCount = useTimeline().nodes.length;
  return (
    <section aria-label="Timeline" className="pane">
      <h2 className="pane-title">
        Timeline
        <ReplayControl />
        <label className="ml-auto flex items-center gap-1 font-normal normal-case">
          <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} />
          Follow latest
        </label>
        <label
          className="flex items-center gap-1 font-normal normal-case"
          title="The overview map starts off for runs above 300 nodes"
        >
          <input
            type="checkbox"
            checked={overview ?? nodeCount <= MINIMAP_AUTO_LIMIT}
            onChange={(event) => setOverview(event.target.checked)}
          />
          Overview
        </label>
        <span className="muted font-normal normal-case" title="Select a node, then use the arrow keys">
          ↑↓←→ move between nodes
        </span>
      </h2>
      <BranchBar />
      <div className="relative min-h-0 flex-1">
        {empty ? (
          <p className="muted p-4 text-sm">
            Send a message and the run appears here: your message, each model step (with its time and tokens), every
            tool call and the result that answers it (joined by the call id), then the final answer. Click a node to
            inspect it.
          </p>
        ) : (
          <ReactFlowProvider>
            <TimelineGraph follow={follow} overview={overview} />
          </ReactFlowProvider>
        )}
      </div>
    </section>
  );
}
