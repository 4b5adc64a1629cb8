'use client';

/** What a collapsed pane leaves: its name, upright, as the button that opens it again. */
export function CollapsedRail({ name, onExpand }: { name: string; onExpand: () => void }) {
  return (
    <section aria-label={name} className="pane h-full items-center py-2">
      <button
        type="button"
        className="pane-toggle [writing-mode:vertical-rl]"
        aria-label={`Expand ${name}`}
        aria-expanded={false}
        onClick={onExpand}
      >
        {name} ▸
      </button>
    </section>
  );
}
