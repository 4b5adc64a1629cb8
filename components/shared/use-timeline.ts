'use client';

import { useMemo } from 'react';
import { createTimelineDeriver } from '@/lib/timeline/create-timeline-deriver';
import { useMcpToolNames } from './use-mcp-tool-names';
import type { PositionedTimeline } from '@/lib/timeline/timeline-types';
import { useViewRuntime, useSession } from '../runtime/runtime-context';
import { useVisibleMessages } from './use-visible-messages';

/** The run's graph, derived from the session and laid out (once per change, by the runtime's deriver). */
export function useTimeline(): PositionedTimeline {
  const { timeline } = useViewRuntime();
  timeline.derive ??= createTimelineDeriver();
  const deriveTimeline = timeline.derive;
  const messages = useVisibleMessages();
  const error = useSession((state) => state.chatError);
  const streaming = useSession((state) => state.chatStatus === 'streaming' || state.chatStatus === 'submitted');
  const pausedToolCallId = useSession((state) =>
    state.pause?.kind === 'approval' ? state.pause.toolCallId : undefined,
  );
  const approvals = useSession((state) => state.approvals);
  const mcpInputs = useSession((state) => state.mcpInputs);
  const outcomes = useSession((state) => state.outcomes);
  const durations = useSession((state) => state.durations);
  const interceptions = useSession((state) => state.interceptions);
  const activeBranch = useSession((state) => state.activeBranch);
  const branches = useSession((state) => state.branches);
  const replays = useSession((state) => state.replays);
  const mcpTools = useMcpToolNames();
  return useMemo(
    () =>
      deriveTimeline({
        messages,
        activeBranch,
        branches,
        error,
        streaming,
        pausedToolCallId,
        approvals,
        mcpInputs,
        outcomes,
        durations,
        interceptions,
        mcpTools,
        replays,
      }),
    [
      deriveTimeline,
      messages,
      activeBranch,
      branches,
      error,
      streaming,
      pausedToolCallId,
      approvals,
      mcpInputs,
      outcomes,
      durations,
      interceptions,
      mcpTools,
      replays,
    ],
  );
}
