'use client';

import { Tooltip } from '../ui/tooltip';

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

/** The button in a pane's title that collapses it. */
export function CollapseButton({ name, onCollapse }: { name: string; onCollapse?: () => void }) {
  if (!onCollapse) return null;
  return (
    <Tooltip text={`Collapse ${name}`}>
      <button
        type="button"
        className="pane-toggle ml-auto"
        aria-label={`Collapse ${name}`}
        aria-expanded
        onClick={onCollapse}
      >
        ▾
      </button>
    </Tooltip>
  );
}
