import type { UIMessage } from 'ai';
import { sharedPrefixLength, type Branch } from '../messages/branches';
import { divergedStepId } from '../messages/diverged-step';
import type { ReplayRecord } from '../shapes/replay';
import { buildTimeline } from './build-timeline';
import type { BuildOptions } from './timeline-builder';
import type { Timeline, TimelineEdge, TimelineLane } from './timeline-types';

/** What one lane is drawn from (`buildTimeline`'s options, the lane aside), and the branches beside it. */
export type SessionTimelineOptions = Omit<BuildOptions, 'lane'> & {
  activeBranch: { id: string; label: string };
  branches: readonly Branch[];
  /** The replays of the session by branch id: the edge joining a replay to its original says where it parted. */
  replays?: Readonly<Record<string, ReplayRecord>>;
};

/** What the edge between a replay and the run it replayed says: where it parted, and what differed. */
export function divergenceLabel(record: ReplayRecord): string | undefined {
  const diverged = record.diverged;
  if (!diverged) return undefined;
  const [first, ...more] = diverged.paths;
  const what = first === undefined ? '' : `: ${first}${more.length > 0 ? ` (+${more.length} more)` : ''}`;
  return `Diverged at request ${diverged.at + 1}${what}`;
}

/**
 * The edge joining a replay's lane to the run it replayed where they parted — from the recorded
 * step to the replay's step that differed — when one of the two lanes replayed the other.
 */
function divergenceEdge(
  timeline: Timeline,
  replays: Readonly<Record<string, ReplayRecord>> | undefined,
  active: { id: string; messages: readonly UIMessage[] },
  branch: { id: string; messages: readonly UIMessage[] },
): TimelineEdge | undefined {
  const pair = [
    { replay: active, original: branch },
    { replay: branch, original: active },
  ].find(({ replay, original }) => replays?.[replay.id]?.originalBranchId === original.id);
  const record = pair ? replays?.[pair.replay.id] : undefined;
  const divergence = record ? divergenceLabel(record) : undefined;
  if (!pair || !record?.diverged?.recordedStepId || !divergence) return undefined;
  const ids = new Set(timeline.nodes.map((node) => node.id));
  // A branch lane's nodes carry its id; what it shares with the active lane is drawn there.
  const nodeOf = (lane: string, stepId: string | undefined) =>
    stepId === undefined
      ? undefined
      : [lane === active.id ? stepId : `${lane}/${stepId}`, stepId].find((id) => ids.has(id));
  const source = nodeOf(pair.original.id, record.diverged.recordedStepId);
  const target = nodeOf(pair.replay.id, divergedStepId(pair.replay.messages, record));
  if (!source || !target || source === target) return undefined;
  return { id: `${source}~diverged~${target}`, source, target, label: divergence, failed: false, divergence };
}

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
  mcpInputs,
  outcomes,
  durations,
  interceptions,
  mcpTools,
  replays,
  ...live
}: SessionTimelineOptions): Timeline {
  const active = buildTimeline({
    messages,
    lane: activeBranch.id,
    approvals,
    mcpInputs,
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
      mcpInputs,
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
    const divergence = divergenceEdge(timeline, replays, { id: activeBranch.id, messages }, branch);
    if (divergence) timeline.edges.push(divergence);
  }
  return timeline;
}
