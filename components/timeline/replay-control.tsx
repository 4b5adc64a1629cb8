'use client';

import { isRunInProgress } from '@/lib/session/session-state';
import { useEffect, useMemo } from 'react';
import { replayFrameCount } from '@/lib/messages/replay-frames';
import { useSession, useSessionActions } from '../runtime/runtime-context';

/** How long each replay frame stays on screen. */
const FRAME_MS = 700;

/** Replay: the finished (or shared) run unfolds again, step by step; no model, no key, no network. */
export function ReplayControl() {
  const messages = useSession((state) => state.messages);
  const frame = useSession((state) => state.replayFrame);
  const running = useSession(isRunInProgress);
  const { setReplayFrame } = useSessionActions();
  // Counted only while a replay runs: a shared run is drawn without it.
  const replaying = frame !== undefined;
  const total = useMemo(() => (replaying ? replayFrameCount(messages) : 0), [messages, replaying]);

  useEffect(() => {
    if (frame === undefined) return;
    const timer = setTimeout(() => setReplayFrame(frame + 1 >= total ? undefined : frame + 1), FRAME_MS);
    return () => clearTimeout(timer);
  }, [frame, total, setReplayFrame]);

  if (messages.length === 0) return null;
  return frame === undefined ? (
    <button type="button" className="button normal-case" disabled={running} onClick={() => setReplayFrame(0)}>
      Replay
    </button>
  ) : (
    <span className="flex items-center gap-1 font-normal normal-case">
      <span role="status">
        Replaying {frame + 1} / {total}
      </span>
      <button type="button" className="button" onClick={() => setReplayFrame(undefined)}>
        Stop replay
      </button>
    </span>
  );
}
