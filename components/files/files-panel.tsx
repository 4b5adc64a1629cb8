'use client';

import { FilesPane } from './files-pane';

/** The Files pane under the Timeline; folds to its title to give the graph the room. */
export function FilesPanel({ collapsed, onToggle }: { collapsed?: boolean; onToggle?: () => void }) {
  return (
    <div className="pane h-full">
      {onToggle ? (
        <h2 className="pane-title">
          <button type="button" aria-expanded={!collapsed} className="pane-toggle uppercase" onClick={onToggle}>
            {collapsed ? '▸' : '▾'} Files
          </button>
        </h2>
      ) : null}
      {collapsed ? null : <FilesPane />}
    </div>
  );
}
