'use client';

import dynamic from 'next/dynamic';
import { toolLabel } from '@/lib/tools/check-tool-drafts';
import { useSession, useToolSetCheck } from '../playground/runtime-context';

// Monaco is ~5 MB of JS: loaded only in the browser, after the first paint.
const MonacoToolEditor = dynamic(() => import('./monaco-tool-editor'), {
  ssr: false,
  loading: () => <p className="muted p-3 text-sm">Loading editor…</p>,
});

/** The tool list and the editor of the selected tool, with each tool's problems inline. */
export function ToolsPane() {
  const selectedToolId = useSession((state) => state.selectedToolId);
  const selectTool = useSession((state) => state.selectTool);
  const setToolEnabled = useSession((state) => state.setToolEnabled);
  const addTool = useSession((state) => state.addTool);
  const { tools, runnable } = useToolSetCheck();
  const selected = tools.find((tool) => tool.draft.id === selectedToolId);

  return (
    <section aria-label="Tools" className="pane">
      <h2 className="pane-title">
        Tools
        <span className="font-normal normal-case">{runnable.length} of {tools.length} in the next run</span>
        <button type="button" className="button ml-auto normal-case" onClick={addTool}>
          Add tool
        </button>
      </h2>
      <ul className="max-h-[40%] shrink-0 overflow-auto border-b border-[var(--border)] text-sm">
        {tools.map(({ draft, check, duplicate }, index) => {
          const label = toolLabel(check, index);
          const problem = check.kind === 'invalid' ? check.problems[0]?.message : duplicate ? 'Duplicate name: left out.' : undefined;
          return (
            <li
              key={draft.id}
              className={`flex items-start gap-2 px-3 py-1.5 ${draft.id === selectedToolId ? 'bg-blue-500/10' : ''}`}
            >
              <input
                type="checkbox"
                className="mt-1"
                aria-label={`Use ${label} in runs`}
                checked={draft.enabled}
                onChange={(event) => setToolEnabled(draft.id, event.target.checked)}
              />
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-mono text-[13px]"
                  aria-current={draft.id === selectedToolId ? 'true' : undefined}
                  onClick={() => selectTool(draft.id)}
                >
                  {label}
                </button>
                {problem ? (
                  <p className="text-xs text-red-600" role="note">
                    {problem}
                  </p>
                ) : null}
              </div>
              <span
                className={`mt-0.5 text-xs ${problem ? 'text-red-600' : 'text-emerald-600'}`}
                title={problem ? 'Invalid: left out of runs' : 'Valid'}
              >
                {problem ? 'invalid' : 'valid'}
              </span>
            </li>
          );
        })}
      </ul>
      {selected ? (
        <div aria-label="Tool definition" role="group" className="min-h-0 flex-1">
          <MonacoToolEditor toolId={selected.draft.id} />
        </div>
      ) : (
        <p className="muted p-3 text-sm">No tool selected. Add a tool to start.</p>
      )}
      {selected?.check.kind === 'invalid' ? (
        <ul aria-label="Problems" className="max-h-32 shrink-0 overflow-auto border-t border-[var(--border)] px-3 py-2 text-xs text-red-600">
          {selected.check.problems.map((problem, index) => (
            <li key={index}>{problem.message}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
