'use client';

import { useStore } from 'zustand';
import { useRuntime } from '../runtime/runtime-context';

/** Says when the checker and the chat could not load (the server went away, a deploy changed the files). */
export function EngineErrorBanner() {
  const { engine, loadEngine } = useRuntime();
  const error = useStore(engine, (state) => state.error);
  if (!error) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-role-error bg-role-error/10 px-3 py-1 text-xs"
    >
      <span>{error} Your session is saved.</span>
      <button type="button" className="button ml-auto" onClick={() => void loadEngine().catch(() => undefined)}>
        Try again
      </button>
    </div>
  );
}
