'use client';

import type { UIMessage } from 'ai';
import { useMemo } from 'react';
import { replayFrames } from '@/lib/session/replay-frames';
import { useSession } from './runtime-context';

/** The messages on screen: all of them, or the replay's current frame while a replay runs. */
export function useVisibleMessages(): UIMessage[] {
  const messages = useSession((state) => state.messages);
  const frame = useSession((state) => state.replayFrame);
  const frames = useMemo(
    () => (frame === undefined ? undefined : replayFrames(messages)),
    [messages, frame === undefined],
  ); // eslint-disable-line react-hooks/exhaustive-deps
  return frames && frame !== undefined ? (frames[Math.min(frame, frames.length - 1)] ?? []) : messages;
}
