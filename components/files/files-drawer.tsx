'use client';

import { useState } from 'react';
import { FilesPane } from './files-pane';

/** The Files pane under the Timeline, collapsible to give the graph the room. */
export function FilesDrawer() {
  const [open, setOpen] = useState(true);
  return (
    <div className={`pane shrink-0 ${open ? 'h-[36%]' : ''}`}>
      <h2 className="pane-title">
        <button type="button" aria-expanded={open} className="uppercase" onClick={() => setOpen(!open)}>
          {open ? '▾' : '▸'} Files
        </button>
      </h2>
      {open ? <FilesPane /> : null}
    </div>
  );
}
