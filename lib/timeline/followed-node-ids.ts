import type { PositionedTimeline } from './timeline-types';

/**
 * The nodes `Follow latest` keeps in view: the active lane's newest step (a short lane whole).
 * Other branches' lanes are drawn after the active one, so "the last nodes" of the whole graph
 * would show another branch's result where the active branch's was meant (a lesson's stop on a
 * perturbed branch showed the original's node while the Inspector showed the perturbed one).
 * `focus`, when drawn, is followed alone (a lesson's stop).
 */
export function followedNodeIds(timeline: Pick<PositionedTimeline, 'nodes' | 'lanes'>, focus?: string): string[] {
  // A lesson's stop is what the learner is shown: its node, whatever came after it.
  if (focus !== undefined && timeline.nodes.some((node) => node.id === focus)) return [focus];
  const active = new Set(timeline.lanes.filter((lane) => lane.active).map((lane) => lane.id));
  const own = active.size === 0 ? timeline.nodes : timeline.nodes.filter((node) => active.has(node.lane));
  return (own.length <= 8 ? own : own.slice(-3)).map((node) => node.id);
}
