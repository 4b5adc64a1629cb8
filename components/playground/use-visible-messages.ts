'use client';

import type { UIMessage } from 'ai';
import { useMemo } from 'react';
import { replayFrames } from '@/lib/messages/replay-frames';
import { useSession } from './runtime-context';

/** The messages on screen: all of them, or the replay's current frame while a replay runs. */
export function useVisibleMessages(): UIMessage[] {
  const messages = useSession((state) => state.messages);
  const frame = useSession((state) => state.replayFrame);
  // Frames are cut once per replay, not per frame shown: they depend on whether a replay runs.
  const replaying = frame !== undefined;
  const frames = useMemo(() => (replaying ? replayFrames(messages) : undefined), [messages, replaying]);
  return frames && frame !== undefined ? (frames[Math.min(frame, frames.length - 1)] ?? []) : messages;
}
