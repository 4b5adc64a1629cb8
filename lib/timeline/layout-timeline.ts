import dagre from '@dagrejs/dagre';
import type { PositionedTimeline, Timeline } from './timeline-types';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 76;

/**
 * Places the nodes top to bottom with dagre: a run reads downwards, parallel calls side by
 * side. Positions are top-left corners, as React Flow expects.
 */
export function layoutTimeline(timeline: Timeline): PositionedTimeline {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 44, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of timeline.nodes) graph.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of timeline.edges) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);
  const nodes = timeline.nodes.map((node) => {
    const { x, y } = graph.node(node.id);
    return { ...node, x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2, width: NODE_WIDTH, height: NODE_HEIGHT };
  });
  keepSiblingOrder(nodes);
  return { nodes, edges: timeline.edges };
}

/**
 * Dagre may order the nodes of a rank either way; parallel calls read left to right in the
 * order the model made them, so the rank's x slots are handed out in creation order.
 */
function keepSiblingOrder(nodes: PositionedTimeline['nodes']): void {
  const ranks = new Map<number, PositionedTimeline['nodes']>();
  for (const node of nodes) ranks.set(node.y, [...(ranks.get(node.y) ?? []), node]);
  for (const rank of ranks.values()) {
    const slots = rank.map((node) => node.x).sort((a, b) => a - b);
    rank.forEach((node, index) => {
      node.x = slots[index];
    });
  }
}
