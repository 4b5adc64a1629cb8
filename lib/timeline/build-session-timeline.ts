import { sharedPrefixLength, type Branch } from '../messages/branches';
import { buildTimeline } from './build-timeline';
import type { BuildOptions } from './timeline-builder';
import type { Timeline, TimelineLane } from './timeline-types';

/** What one lane is drawn from (`buildTimeline`'s options, the lane aside), and the branches beside it. */
export type SessionTimelineOptions = Omit<BuildOptions, 'lane'> & {
  activeBranch: { id: string; label: string };
  branches: readonly Branch[];
};

/**
 * The graph of every branch: the active one as its own lane, each other branch as a lane
 * beside it that starts where it left the active path (its nodes prefixed with the branch
 * id, since a fork keeps the forked step's call ids).
 */
export function buildSessionTimeline({
  messages,
  activeBranch,
  branches,
  approvals,
  outcomes,
  durations,
  interceptions,
  mcpTools,
  ...live
}: SessionTimelineOptions): Timeline {
  const active = buildTimeline({
    messages,
    lane: activeBranch.id,
    approvals,
    outcomes,
    durations,
    interceptions,
    mcpTools,
    ...live,
  });
  if (branches.length === 0) return active;
  const timeline: Timeline = {
    nodes: [...active.nodes],
    edges: [...active.edges],
    segments: [...active.segments],
    lanes: [{ id: activeBranch.id, label: `${activeBranch.label} · active`, active: true, branchFrom: undefined }],
  };
  const segmentOf = new Map(active.nodes.map((node) => [node.id, node.segment]));
  for (const branch of branches) {
    const shared = sharedPrefixLength(messages, branch.messages);
    if (shared === branch.messages.length) continue;
    const entry = buildTimeline({ messages: branch.messages.slice(0, shared) }).exits;
    const own = buildTimeline({
      messages: branch.messages.slice(shared),
      lane: branch.id,
      approvals,
      outcomes,
      durations,
      interceptions,
      mcpTools,
    });
    const id = (nodeId: string) => `${branch.id}/${nodeId}`;
    timeline.nodes.push(
      ...own.nodes.map((node) => ({
        ...node,
        id: id(node.id),
        segment: id(node.segment),
        stepId: node.stepId === undefined ? undefined : id(node.stepId),
      })),
    );
    timeline.segments.push(
      ...own.segments.map((segment) => ({ ...segment, id: id(segment.id), nodeIds: segment.nodeIds.map(id) })),
    );
    timeline.edges.push(
      ...own.edges.map((edge) => ({ ...edge, id: id(edge.id), source: id(edge.source), target: id(edge.target) })),
    );
    const first = own.nodes[0];
    for (const source of entry)
      timeline.edges.push({
        id: `${source}->${id(first.id)}`,
        source,
        target: id(first.id),
        label: undefined,
        failed: false,
      });
    const lane: TimelineLane = {
      id: branch.id,
      label: `${branch.label} · inactive`,
      active: false,
      branchFrom: entry.length > 0 ? segmentOf.get(entry[0]) : undefined,
    };
    timeline.lanes.push(lane);
  }
  return timeline;
}
