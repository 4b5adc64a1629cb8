'use client';

import { useMemo } from 'react';
import { buildSessionTimeline } from '@/lib/timeline/build-session-timeline';
import { layoutTimeline } from '@/lib/timeline/layout-timeline';
import type { PositionedTimeline } from '@/lib/timeline/timeline-types';
import { useSession } from '../playground/runtime-context';
import { useVisibleMessages } from '../playground/use-visible-messages';

let last: { inputs: unknown[]; timeline: PositionedTimeline } | undefined;

/** The run's graph, derived from the session and laid out. */
export function useTimeline(): PositionedTimeline {
  const messages = useVisibleMessages();
  const error = useSession((state) => state.chatError);
  const streaming = useSession((state) => state.chatStatus === 'streaming' || state.chatStatus === 'submitted');
  const pausedToolCallId = useSession((state) =>
    state.pause?.kind === 'approval' ? state.pause.toolCallId : undefined,
  );
  const approvals = useSession((state) => state.approvals);
  const activeBranch = useSession((state) => state.activeBranch);
  const branches = useSession((state) => state.branches);
  return useMemo(() => {
    const inputs = [messages, activeBranch, branches, error, streaming, pausedToolCallId, approvals];
    // The Timeline and the Inspector both read the graph: derive it once per change, not per reader.
    if (last?.inputs.every((input, index) => input === inputs[index])) return last.timeline;
    const timeline = layoutTimeline(
      buildSessionTimeline({ messages, activeBranch, branches, error, streaming, pausedToolCallId, approvals }),
    );
    last = { inputs, timeline };
    return timeline;
  }, [messages, activeBranch, branches, error, streaming, pausedToolCallId, approvals]);
}
