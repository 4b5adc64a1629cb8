'use client';

import { useSession, useSessionActions } from '../runtime/runtime-context';

/** What the code a tool was made from said that its JSON Schema cannot, until the person dismisses it. */
export function ToolCodeNotes({ toolId, notes }: { toolId: string; notes: readonly string[] | undefined }) {
  const readOnly = useSession((state) => state.readOnly);
  const { dismissToolNotes } = useSessionActions();
  if (!notes || notes.length === 0) return null;
  return (
    <div className="border-t border-[var(--border)] px-3 py-2 text-xs">
      <ul aria-label="Notes from the code" className="list-disc pl-4 text-role-call">
        {notes.map((note, index) => (
          <li key={index}>{note}</li>
        ))}
      </ul>
      <button
        type="button"
        className="button mt-1 px-1.5 py-0 text-xs"
        disabled={readOnly}
        onClick={() => dismissToolNotes(toolId)}
      >
        Dismiss notes
      </button>
    </div>
  );
}
