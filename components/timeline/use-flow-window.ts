'use client';

import { useStoreApi, type ReactFlowState } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { type Box, needsNewWindow, viewBox, windowAround } from '@/lib/timeline/flow-window';

/**
 * The part of the graph to hand React Flow while `on` (lib/timeline/flow-window.ts): the view
 * and a margin around it, moved when a pan or zoom nears its edge. Before React Flow has placed
 * the view (its first fit still queued) it is `initial`. Undefined when off: the whole graph.
 */
export function useFlowWindow(on: boolean, initial: Box | undefined): Box | undefined {
  const store = useStoreApi();
  const [shown, setShown] = useState<Box | undefined>();
  useEffect(() => {
    if (!on) return;
    const follow = (state: ReactFlowState) => {
      // A fit is about to move the view (the first one, or Follow latest's): where it lands counts.
      if (state.fitViewQueued || !state.width || !state.height) return;
      const [x, y, zoom] = state.transform;
      const view = viewBox({ x, y, zoom }, state.width, state.height);
      setShown((current) => (needsNewWindow(current, view) ? windowAround(view) : current));
    };
    follow(store.getState());
    return store.subscribe(follow);
  }, [on, store]);
  if (!on) return undefined;
  return shown ?? (initial ? windowAround(initial) : undefined);
}
