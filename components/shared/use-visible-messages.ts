'use client';

import type { UIMessage } from 'ai';
import { useMemo } from 'react';
import { replayFrames } from '@/lib/messages/replay-frames';
import { stopFrame } from '@/lib/lessons/lesson-frames';
import { useSession } from '../runtime/runtime-context';

/**
 * The messages on screen: all of them, the replay's current frame while a replay runs, or —
 * while a lesson plays — what happened up to its stop (less while the stop's question waits).
 */
export function useVisibleMessages(): UIMessage[] {
  const messages = useSession((state) => state.messages);
  const replayFrame = useSession((state) => state.replayFrame);
  const stop = useSession((state) => (state.lessonPlay ? state.lesson?.stops[state.lessonPlay.stop] : undefined));
  const answered = useSession((state) => (stop ? state.lessonPlay?.answers[stop.id] !== undefined : false));
  // Frames are cut once per replay or lesson, not per frame shown.
  const replaying = replayFrame !== undefined || stop !== undefined;
  const frames = useMemo(() => (replaying ? replayFrames(messages) : undefined), [messages, replaying]);
  if (!frames) return messages;
  const frame = replayFrame ?? (stop ? stopFrame(messages, frames, stop, answered) : frames.length - 1);
  return frame < 0 ? [] : (frames[Math.min(frame, frames.length - 1)] ?? []);
}
