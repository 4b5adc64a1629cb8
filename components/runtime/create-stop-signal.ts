import type { StoreApi } from 'zustand/vanilla';
import type { RunGate } from '@/lib/agent/run-gate';
import type { SessionStore } from '@/lib/session/session-state';
import type { EngineState } from './create-engine-loader';

export type StopSignal = {
  /** Stops the run: aborts the request in flight, ends the tool calls executing and releases every pause — and every side run (Compare's lanes). */
  stop(): void;
  /** Hears Stop (Compare's lanes end with the run); returns the unsubscribe. */
  onStop(listener: () => void): () => void;
};

/** `Stop`, heard by every run of the page: the chat's, its pauses' and the side runs'. */
export function createStopSignal({
  store,
  gate,
  engine,
}: {
  store: SessionStore;
  gate: RunGate;
  engine: StoreApi<EngineState>;
}): StopSignal {
  const listeners = new Set<() => void>();
  return {
    onStop(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stop() {
      for (const listener of [...listeners]) listener();
      gate.releaseAll('The run was stopped.');
      const loaded = engine.getState().engine?.chat;
      if (!loaded) {
        if (store.getState().chatStatus === 'submitted') store.setState({ chatStatus: 'ready' });
        return;
      }
      loaded.stopTools();
      void loaded.stop();
    },
  };
}
