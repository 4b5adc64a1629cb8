'use client';

import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { SessionActions, SessionState } from '@/lib/session/session-state';
import type { ToolSetCheck } from '@/lib/tools/tool-check';
import type { PlaygroundEngine } from './create-playground-engine';
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

/** The checker and the chat once loaded (moments after the page is interactive); re-renders then. */
export function useEngine(): PlaygroundEngine | undefined {
  return useStore(useRuntime().engine, (state) => state.engine);
}

/**
 * Every tool checked, and which ones the next run sends (derived, never stored); `pending`
 * until the tool-check worker has answered, moments after the page is interactive.
 */
export function useToolSetCheck(): ToolSetCheck {
  const { toolChecks } = useRuntime();
  const version = useSyncExternalStore(toolChecks.subscribe, toolChecks.version, toolChecks.version);
  const tools = useSession((state) => state.tools);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means checks arrived for these same tools.
  return useMemo(() => toolChecks.check(tools), [tools, toolChecks, version]);
}
