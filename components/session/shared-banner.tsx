'use client';

import { useRuntime, useSession } from '../runtime/runtime-context';

/** Says a session came from a link and is read-only, and how to make it one's own. */
export function SharedBanner() {
  const { forkToEdit } = useRuntime();
  const readOnly = useSession((state) => state.readOnly);
  const presenter = useSession((state) => state.presenter);
  if (!readOnly) return null;
  return (
    <div
      role="note"
      className="flex items-center gap-2 rounded-md border border-warning bg-warning/10 px-3 py-1 text-xs"
    >
      <span>
        <strong>Shared session, read-only.</strong> Nothing from it has run here. Press Replay (in the Timeline) to
        watch the run unfold, or make it yours to edit and run it.
      </span>
      {presenter ? null : (
        <button type="button" className="button ml-auto" onClick={forkToEdit}>
          Fork to edit
        </button>
      )}
    </div>
  );
}
