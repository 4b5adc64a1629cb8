'use client';

import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionActions, SessionState } from '@/lib/session/session-state';
import type { ToolSetCheck } from '@/lib/tools/tool-check';
import type { PlaygroundEngine } from './create-playground-engine';
import type { PlaygroundRuntime } from './create-playground-runtime';

export const RuntimeContext = createContext<PlaygroundRuntime | null>(null);

/**
 * What a read-only view of a session needs — the embed player gives only this: the session, the
 * engine slot (empty there), the tool checks and the graph's deriver. Nothing that runs a tool,
 * calls a route, holds a key or writes to storage.
 */
export type ViewRuntime = Pick<PlaygroundRuntime, 'store' | 'engine' | 'toolChecks' | 'timeline'>;
export const ViewRuntimeContext = createContext<ViewRuntime | null>(null);

/**
 * Whether the page's session is back (the saved one restored, or the link in the address read
 * and opened). Idle-time work that depends on which session it is (the editor) waits for it: a
 * link's viewer would otherwise start an editor for the session the link replaces. Always true
 * where nothing restores (the player).
 *
 * A store in the context, not the flag itself: a context whose value changes above a part that
 * has not hydrated yet makes React hydrate that part at once, at the change's priority — every
 * waiting part in one long task (components/ui/hydrate-later.tsx).
 */
export type SessionRestored = StoreApi<{ restored: boolean }>;
const ALWAYS_RESTORED: SessionRestored = createStore(() => ({ restored: true }));
export const SessionRestoredContext = createContext<SessionRestored>(ALWAYS_RESTORED);

/** Whether the page's session is back (see `SessionRestoredContext`); re-renders once it is. */
export function useSessionRestored(): boolean {
  return useStore(useContext(SessionRestoredContext), (state) => state.restored);
}

/** The runtime of the playground this component is mounted in (not in the player: it throws there). */
export function useRuntime(): PlaygroundRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime must be used inside <Playground>.');
  return runtime;
}

/** The playground's runtime where there is one (none in the player). */
export function useOptionalRuntime(): PlaygroundRuntime | null {
  return useContext(RuntimeContext);
}

/** What every view reads: the player's narrow runtime, or the playground's. */
export function useViewRuntime(): ViewRuntime {
  const view = useContext(ViewRuntimeContext);
  const runtime = useContext(RuntimeContext);
  const found = view ?? runtime;
  if (!found) throw new Error('useViewRuntime must be used inside <Playground> or the player.');
  return found;
}

/** Reads one slice of the session; pass a narrow selector. */
export function useSession<T>(selector: (state: SessionState & SessionActions) => T): T {
  return useStore(useViewRuntime().store, selector);
}

/** The session's actions; they never change, so reading them subscribes to nothing. */
export function useSessionActions(): SessionActions {
  return useViewRuntime().store.getState();
}

/** The checker and the chat once loaded (moments after the page is interactive); re-renders then. */
export function useEngine(): PlaygroundEngine | undefined {
  return useStore(useViewRuntime().engine, (state) => state.engine);
}

/**
 * Every tool checked, and which ones the next run sends (derived, never stored); `pending`
 * until the tool-check worker has answered, moments after the page is interactive.
 */
export function useToolSetCheck(): ToolSetCheck {
  const { toolChecks } = useViewRuntime();
  const version = useSyncExternalStore(toolChecks.subscribe, toolChecks.version, toolChecks.version);
  const tools = useSession((state) => state.tools);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means checks arrived for these same tools.
  return useMemo(() => toolChecks.check(tools), [tools, toolChecks, version]);
}
