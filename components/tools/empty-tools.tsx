'use client';

import { TOOL_TEMPLATES } from '@/lib/tools/tool-templates';
import { useSession } from '../runtime/runtime-context';

/** An empty tool list teaches: what a tool is for, and templates one click away. */
export function EmptyTools() {
  const addTools = useSession((state) => state.addTools);
  const readOnly = useSession((state) => state.readOnly);
  const core = TOOL_TEMPLATES.filter((template) => template.group === 'Core tools (sandbox)');
  const examples = TOOL_TEMPLATES.filter((template) => template.group === 'Teaching examples (mock)');
  return (
    <div className="muted flex flex-col gap-2 overflow-auto p-3 text-sm">
      <p>
        No tools yet. A tool is a name, a description and a JSON Schema for its arguments: the model reads them to
        decide what to call. Start from one of these, or from a blank tool or an import above.
      </p>
      <div className="flex flex-wrap gap-1">
        <button type="button" className="button" disabled={readOnly} onClick={() => addTools(core)}>
          Add the sandbox tools
        </button>
        {examples.slice(0, 3).map((template) => (
          <button
            key={template.id}
            type="button"
            className="button font-mono"
            disabled={readOnly}
            onClick={() => addTools([template])}
          >
            {template.definition.name}
          </button>
        ))}
      </div>
    </div>
  );
}
