'use client';

import { type Edge, MarkerType, Position } from '@xyflow/react';
import { useMemo } from 'react';
import { type Box, boundsOf, overlaps } from '@/lib/timeline/flow-window';
import type { PositionedBand, PositionedNode, PositionedTimeline, TimelineEdge } from '@/lib/timeline/timeline-types';
import type { BandFlowNode, TimelineFlowNode } from './timeline-node-view';
import { useFlowWindow } from './use-flow-window';

// What the graph hands React Flow: the run's nodes, bands and edges as React Flow draws them
// (sizes and handles known in advance), of a long run only those near the view.

/** The edge joining a replay to the run it replayed: dashed and amber, its label saying what differed. */
const DIVERGENCE_EDGE = { stroke: '#d97706', strokeWidth: 2, strokeDasharray: '6 4' };

/** React Flow's fit-view icon, for the fit that covers a windowed graph whole. */
export function FitViewIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
      <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
    </svg>
  );
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
export function useFlowElements(
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
