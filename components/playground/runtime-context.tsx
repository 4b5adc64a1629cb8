'use client';

import { createContext, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { SessionActions, SessionState } from '@/lib/session/session-store';
import { checkToolDrafts, type ToolSetCheck } from '@/lib/tools/check-tool-drafts';
import type { PlaygroundRuntime } from './create-playground-runtime';

export const RuntimeContext = createContext<PlaygroundRuntime | null>(null);

/** The runtime of the playground this component is mounted in. */
export function useRuntime(): PlaygroundRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime must be used inside <Playground>.');
  return runtime;
}

/** Reads one slice of the session; pass a narrow selector. */
export function useSession<T>(selector: (state: SessionState & SessionActions) => T): T {
  return useStore(useRuntime().store, selector);
}

/** The session's actions; they never change, so reading them subscribes to nothing. */
export function useSessionActions(): SessionActions {
  return useRuntime().store.getState();
}

/** Every tool checked, and which ones the next run sends (derived, never stored). */
export function useToolSetCheck(): ToolSetCheck {
  const { checker } = useRuntime();
  const tools = useSession((state) => state.tools);
  return useMemo(() => checkToolDrafts(tools, checker), [tools, checker]);
}
