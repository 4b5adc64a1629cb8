import { buildSessionTimeline, type SessionTimelineOptions } from './build-session-timeline';
import { createSegmentLayoutCache, layoutTimeline } from './layout-timeline';
import type { PositionedTimeline } from './timeline-types';

/** Derives the laid-out graph from the session; the same inputs give the same object back. */
export type TimelineDeriver = (options: SessionTimelineOptions) => PositionedTimeline;

const INPUT_KEYS = [
  'messages',
  'activeBranch',
  'branches',
  'error',
  'streaming',
  'pausedToolCallId',
  'approvals',
  'mcpInputs',
  'outcomes',
  'durations',
  'interceptions',
  'mcpTools',
  'replays',
] as const satisfies readonly (keyof SessionTimelineOptions)[];

/**
 * Whether an input is as it was: the same object, or — for the MCP tools' names, a set made
 * afresh whenever the tool list is replaced (checked, restored) — the same names. A new set
 * with the same names made a 2,000-call link derive its graph three times as it opened.
 */
function unchanged(key: (typeof INPUT_KEYS)[number], before: unknown, now: unknown): boolean {
  if (before === now) return true;
  if (key !== 'mcpTools' || !(before instanceof Set) || !(now instanceof Set) || before.size !== now.size) return false;
  for (const name of now) if (!before.has(name)) return false;
  return true;
}

/**
 * One per mounted playground: the Timeline and the Inspector both read the graph, so it is
 * derived once per change of its inputs (compared by identity), and step layouts are reused
 * through the deriver's own layout cache.
 */
export function createTimelineDeriver(): TimelineDeriver {
  const cache = createSegmentLayoutCache();
  let last: { options: SessionTimelineOptions; timeline: PositionedTimeline } | undefined;
  return (options) => {
    if (last && INPUT_KEYS.every((key) => unchanged(key, last?.options[key], options[key]))) return last.timeline;
    const timeline = layoutTimeline(buildSessionTimeline(options), cache);
    last = { options, timeline };
    return timeline;
  };
}
