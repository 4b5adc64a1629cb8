'use client';

import { useState } from 'react';
import { TOOL_TEMPLATES } from '@/lib/tools/tool-templates';
import { useSession } from '../playground/runtime-context';

const GROUPS = ['Blank', 'Core tools (sandbox)', 'Teaching examples (mock)'] as const;

/** "Add tool": a blank tool or one from the templates. */
export function AddToolMenu() {
  const [open, setOpen] = useState(false);
  const addTools = useSession((state) => state.addTools);
  return (
    <div className="relative">
      <button type="button" className="button normal-case" aria-expanded={open} onClick={() => setOpen(!open)}>
        Add tool
      </button>
      {open ? (
        <div
          role="menu"
          aria-label="Tool templates"
          className="absolute left-0 z-20 mt-1 max-h-96 w-64 overflow-auto rounded-md border border-[var(--border)] bg-[var(--panel)] p-1 text-sm normal-case shadow-lg"
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          {GROUPS.map((group) => (
            <div key={group} role="group" aria-label={group}>
              <p className="muted px-2 pt-2 text-[11px] font-semibold uppercase">{group}</p>
              {TOOL_TEMPLATES.filter((template) => template.group === group).map((template) => (
                <button
                  key={template.id}
                  type="button"
                  role="menuitem"
                  className="block w-full rounded px-2 py-1 text-left font-mono text-[13px] hover:bg-blue-500/10"
                  onClick={() => {
                    addTools([template]);
                    setOpen(false);
                  }}
                >
                  {template.group === 'Blank' ? 'Blank tool' : template.definition.name}
                </button>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
