'use client';

import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo } from 'react';
import { useSession } from '../playground/runtime-context';
import { TimelineNodeView, type TimelineFlowNode } from './timeline-node-view';
import { useTimeline } from './use-timeline';

const nodeTypes = { timeline: TimelineNodeView };

/** Keeps the newest nodes in view as the run grows. */
function FollowLatest({ count }: { count: number }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    const frame = requestAnimationFrame(() => void fitView({ duration: 200, maxZoom: 1, padding: 0.15 }));
    return () => cancelAnimationFrame(frame);
  }, [count, fitView]);
  return null;
}

function TimelineGraph() {
  const timeline = useTimeline();
  const selectedNodeId = useSession((state) => state.selectedNodeId);
  const selectNode = useSession((state) => state.selectNode);

  const nodes = useMemo<TimelineFlowNode[]>(
    () =>
      timeline.nodes.map((node) => ({
        id: node.id,
        type: 'timeline',
        position: { x: node.x, y: node.y },
        data: { node },
        ariaLabel: node.label,
        selected: node.id === selectedNodeId,
        draggable: false,
        connectable: false,
      })),
    [timeline, selectedNodeId],
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

  const onNodesChange = (changes: NodeChange<TimelineFlowNode>[]) => {
    const selected = changes.find((change) => change.type === 'select' && change.selected);
    if (selected && selected.type === 'select') selectNode(selected.id);
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onPaneClick={() => selectNode(undefined)}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      minZoom={0.2}
      fitView
    >
      <Background />
      <Controls showInteractive={false} />
      <FollowLatest count={nodes.length} />
    </ReactFlow>
  );
}

/** The run as a graph; nodes are derived from the session, never stored. */
export function TimelinePane() {
  const empty = useSession((state) => state.messages.length === 0 && !state.chatError);
  return (
    <section aria-label="Timeline" className="pane">
      <h2 className="pane-title">Timeline</h2>
      <div className="relative min-h-0 flex-1">
        {empty ? (
          <p className="muted p-4 text-sm">
            Send a message and the run appears here: your message, each model step, every tool call and the result
            that answers it (joined by the call id), then the final answer. Click a node to inspect it.
          </p>
        ) : (
          <ReactFlowProvider>
            <TimelineGraph />
          </ReactFlowProvider>
        )}
      </div>
    </section>
  );
}
