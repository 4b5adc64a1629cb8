import dagre from '@dagrejs/dagre';
import type {
  PositionedBand,
  PositionedNode,
  PositionedTimeline,
  Timeline,
  TimelineEdge,
  TimelineNode,
  TimelineSegment,
} from './timeline-types';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 76;
/** Space between segments, around nodes inside a band, between lanes. */
const SEGMENT_GAP = 36;
const BAND_PADDING = 14;
const BAND_CAPTION = 18;
const LANE_GAP = 80;
const LANE_WIDTH = NODE_WIDTH * 3;
const LANE_CAPTION = 24;

type Placed = { x: number; y: number };
/** A segment's layout by node position in the segment (not by id), centred on x = 0, top at y = 0. */
type SegmentLayout = { positions: Placed[]; width: number; height: number };

/**
 * Segment layouts by shape — how many nodes and which connects to which — so a step that
 * looks like one laid out before (most do) costs a lookup, not a dagre run. One per mounted
 * playground (the runtime owns it); a layout made without one starts empty.
 */
export type SegmentLayoutCache = Map<string, SegmentLayout>;
const CACHE_LIMIT = 4000;

/** An empty cache of segment layouts. */
export function createSegmentLayoutCache(): SegmentLayoutCache {
  return new Map();
}

/**
 * Lays out one segment with dagre (top to bottom, parallel calls side by side, in the
 * model's order).
 */
function layoutSegment(nodeIds: string[], edges: TimelineEdge[], cache: SegmentLayoutCache): SegmentLayout {
  const index = new Map(nodeIds.map((id, position) => [id, position]));
  const key = `${nodeIds.length}|${edges.map((edge) => `${index.get(edge.source)}-${index.get(edge.target)}`).join(',')}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let positions: Placed[];
  if (nodeIds.length === 1) {
    positions = [{ x: -NODE_WIDTH / 2, y: 0 }];
  } else {
    const graph = new dagre.graphlib.Graph();
    graph.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 40, marginx: 0, marginy: 0 });
    graph.setDefaultEdgeLabel(() => ({}));
    for (const position of nodeIds.keys()) graph.setNode(String(position), { width: NODE_WIDTH, height: NODE_HEIGHT });
    for (const edge of edges) graph.setEdge(String(index.get(edge.source)), String(index.get(edge.target)));
    dagre.layout(graph);
    positions = keepSiblingOrder(
      nodeIds.map((_, position) => {
        const { x, y } = graph.node(String(position));
        return { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 };
      }),
    );
  }
  const left = Math.min(...positions.map((position) => position.x));
  const right = Math.max(...positions.map((position) => position.x)) + NODE_WIDTH;
  const top = Math.min(...positions.map((position) => position.y));
  const bottom = Math.max(...positions.map((position) => position.y)) + NODE_HEIGHT;
  const layout = {
    positions: positions.map((position) => ({ x: position.x - (left + right) / 2, y: position.y - top })),
    width: right - left,
    height: bottom - top,
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, layout);
  return layout;
}

/**
 * Dagre may order the nodes of a rank either way; parallel calls read left to right in the
 * order the model made them, so the rank's x slots are handed out in creation order.
 */
function keepSiblingOrder(positions: Placed[]): Placed[] {
  const ranks = new Map<number, number[]>();
  for (const [index, position] of positions.entries()) ranks.set(position.y, [...(ranks.get(position.y) ?? []), index]);
  const ordered = [...positions];
  for (const rank of ranks.values()) {
    const slots = rank.map((index) => positions[index].x).sort((a, b) => a - b);
    rank.forEach((index, slot) => {
      ordered[index] = { x: slots[slot], y: positions[index].y };
    });
  }
  return ordered;
}

/**
 * Places the graph: each segment (a user message, a model step) is laid out on its own and
 * stacked below the one before, so new steps appear underneath and nothing already drawn
 * moves. Lanes (branches) stand side by side, each starting below the segment it branches
 * from. Model steps get a band behind their nodes with their caption.
 */
export function layoutTimeline(
  timeline: Timeline,
  cache: SegmentLayoutCache = createSegmentLayoutCache(),
): PositionedTimeline {
  const byId = new Map<string, TimelineNode>(timeline.nodes.map((node) => [node.id, node]));
  const segmentOf = new Map<string, string>(timeline.nodes.map((node) => [node.id, node.segment]));
  const internal = new Map<string, TimelineEdge[]>();
  for (const edge of timeline.edges) {
    const segment = segmentOf.get(edge.source);
    if (segment === undefined || segment !== segmentOf.get(edge.target)) continue;
    const edges = internal.get(segment);
    if (edges) edges.push(edge);
    else internal.set(segment, [edge]);
  }

  const nodes: PositionedNode[] = [];
  const bands: PositionedBand[] = [];
  const bottoms = new Map<string, number>();
  // Lanes (branches) stand side by side, the active one first; one lane needs no caption.
  const laneX = new Map<string, number>(
    timeline.lanes.map((lane, index) => [lane.id, index * (LANE_WIDTH + LANE_GAP)]),
  );
  const cursor = new Map<string, number>();
  const captioned = timeline.lanes.length > 1;
  const laneExtent = new Map<string, { top: number; bottom: number; width: number }>();
  for (const segment of timeline.segments as TimelineSegment[]) {
    const lane = timeline.lanes.find((candidate) => candidate.id === segment.lane);
    const laneStart = lane?.branchFrom !== undefined ? (bottoms.get(lane.branchFrom) ?? 0) + SEGMENT_GAP : 0;
    const start = cursor.get(segment.lane) ?? laneStart + (captioned ? LANE_CAPTION : 0);
    const layout = layoutSegment(segment.nodeIds, internal.get(segment.id) ?? [], cache);
    const top = start + (segment.band ? BAND_CAPTION + BAND_PADDING : 0);
    const offsetX = laneX.get(segment.lane) ?? 0;
    for (const [position, id] of segment.nodeIds.entries()) {
      const { x, y } = layout.positions[position];
      nodes.push({
        ...byId.get(id)!,
        x: x + offsetX,
        y: y + top,
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        lane: segment.lane,
      });
    }
    let bottom = top + layout.height;
    if (segment.band) {
      bottom += BAND_PADDING;
      bands.push({
        id: `${segment.id}:band`,
        kind: 'step',
        label: segment.band,
        x: offsetX - layout.width / 2 - BAND_PADDING,
        y: start,
        width: layout.width + BAND_PADDING * 2,
        height: bottom - start,
        lane: segment.lane,
      });
    }
    bottoms.set(segment.id, bottom);
    cursor.set(segment.lane, bottom + SEGMENT_GAP);
    const extent = laneExtent.get(segment.lane);
    laneExtent.set(segment.lane, {
      top: extent?.top ?? laneStart,
      bottom,
      width: Math.max(extent?.width ?? 0, layout.width + BAND_PADDING * 2),
    });
  }
  if (captioned) {
    for (const lane of timeline.lanes) {
      const extent = laneExtent.get(lane.id);
      if (!extent) continue;
      const width = extent.width + BAND_PADDING * 2;
      bands.unshift({
        id: `${lane.id}:lane`,
        kind: 'lane',
        label: lane.label,
        x: (laneX.get(lane.id) ?? 0) - width / 2,
        y: extent.top,
        width,
        height: extent.bottom - extent.top + BAND_PADDING,
        lane: lane.id,
      });
    }
  }
  return { nodes, edges: timeline.edges, bands, lanes: timeline.lanes };
}
