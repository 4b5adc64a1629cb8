'use client';

import { Tooltip } from '../ui/tooltip';

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
