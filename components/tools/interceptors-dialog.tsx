'use client';

import { SESSION_LIMITS } from '@/lib/shapes/session-limits';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { INTERCEPTOR_TEMPLATES } from '@/lib/shapes/interceptor-defaults';
import type { InterceptorPhase } from '@/lib/shapes/interceptor-kinds';
import type { Interceptor } from '@/lib/shapes/interceptor-spec';
import { useSession, useSessionActions } from '../runtime/runtime-context';
import { Dialog } from '../ui/dialog';
import { Menu, MenuGroup, MenuItem } from '../ui/menu';

const MonacoHandlerEditor = dynamic(() => import('./monaco-handler-editor'), {
  ssr: false,
  loading: () => <p className="muted p-2 text-sm">Loading editor…</p>,
});

const BLANK_CODE: Record<InterceptorPhase, string> = {
  before: `// Runs before each call. args = { call: { id, name, arguments }, context }
// Return { block: 'why' }, { arguments: {...} }, { note: '...' } — or nothing to let it pass.
`,
  after: `// Runs after each call. args = { call, result: { ok, output } | { ok: false, error }, context }
// Return { output: value }, { error: 'why' }, { note: '...' } — or nothing to keep the result.
`,
};

/** The executor's two flags: stop the run when a tool fails; skip the rest of a step when a call is blocked. */
function ExecutorFlags() {
  const executor = useSession((state) => state.executor);
  const { setExecutorSettings } = useSessionActions();
  return (
    <>
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={executor.throwOnToolFailure}
          onChange={(event) => setExecutorSettings({ throwOnToolFailure: event.target.checked })}
        />
        Stop the run when a tool fails
      </label>
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={executor.stopOnToolBlock}
          onChange={(event) => setExecutorSettings({ stopOnToolBlock: event.target.checked })}
        />
        Skip the rest of a step when a call is blocked
      </label>
    </>
  );
}

/** One interceptor in the list: on or off, its name, when it runs, edit, move, delete. */
function InterceptorRow({
  interceptor,
  index,
  last,
  selected,
  onEdit,
}: {
  interceptor: Interceptor;
  index: number;
  last: boolean;
  selected: boolean;
  onEdit: () => void;
}) {
  const { updateInterceptor, moveInterceptor, deleteInterceptor } = useSessionActions();
  return (
    <li
      className={`flex flex-wrap items-center gap-1 rounded border px-2 py-1 ${selected ? 'border-[var(--focus)]' : 'border-[var(--border)]'}`}
    >
      <input
        type="checkbox"
        aria-label={`Enable ${interceptor.name}`}
        checked={interceptor.enabled}
        onChange={(event) => updateInterceptor(interceptor.id, { enabled: event.target.checked })}
      />
      <input
        aria-label={`Name of interceptor ${index + 1}`}
        className="control w-40"
        maxLength={60}
        value={interceptor.name}
        onChange={(event) => updateInterceptor(interceptor.id, { name: event.target.value || 'unnamed' })}
      />
      <select
        aria-label={`When ${interceptor.name} runs`}
        className="control"
        value={interceptor.phase}
        onChange={(event) => updateInterceptor(interceptor.id, { phase: event.target.value as InterceptorPhase })}
      >
        <option value="before">before the call</option>
        <option value="after">after the call</option>
      </select>
      <button type="button" className="button" onClick={onEdit}>
        Edit code
      </button>
      <button
        type="button"
        className="button"
        aria-label={`Move ${interceptor.name} up`}
        disabled={index === 0}
        onClick={() => moveInterceptor(interceptor.id, -1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button"
        aria-label={`Move ${interceptor.name} down`}
        disabled={last}
        onClick={() => moveInterceptor(interceptor.id, 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="button text-role-error"
        aria-label={`Delete ${interceptor.name}`}
        onClick={() => deleteInterceptor(interceptor.id)}
      >
        Delete
      </button>
    </li>
  );
}

/**
 * "Interceptors": the person's own before/after hooks on every tool call (seed 003), run in
 * order inside the handler sandbox, and the executor's two flags.
 */
export function InterceptorsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const interceptors = useSession((state) => state.interceptors);
  const readOnly = useSession((state) => state.readOnly);
  const { addInterceptor, updateInterceptor } = useSessionActions();
  const [selectedId, setSelectedId] = useState<string>();
  const [refused, setRefused] = useState<string>();
  const selected = interceptors.find((each) => each.id === selectedId) ?? interceptors[0];
  const add = (template: { name: string; phase: InterceptorPhase; code: string }) => {
    const added = addInterceptor(template);
    setRefused(added.ok ? undefined : added.message);
    if (added.ok) setSelectedId(added.id);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Interceptors"
      description="Your own checks on every tool call, run in order in the handler sandbox before the call (block it, change its arguments) or after it (rewrite or withhold the result). What they do shows on the graph."
      className="w-[min(52rem,calc(100vw-1rem))]"
    >
      <fieldset disabled={readOnly} className="flex flex-col gap-2 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Menu label="Add interceptor">
            <MenuGroup label="Examples">
              {INTERCEPTOR_TEMPLATES.map((template) => (
                <MenuItem key={template.name} onSelect={() => add(template)}>
                  {template.name} ({template.phase})
                </MenuItem>
              ))}
            </MenuGroup>
            <MenuGroup label="Blank">
              {(['before', 'after'] as const).map((phase) => (
                <MenuItem key={phase} onSelect={() => add({ name: `${phase} call`, phase, code: BLANK_CODE[phase] })}>
                  Blank {phase}-call interceptor
                </MenuItem>
              ))}
            </MenuGroup>
          </Menu>
          <ExecutorFlags />
        </div>
        {refused && interceptors.length >= SESSION_LIMITS.interceptors ? (
          <p role="alert" className="text-role-error">
            {refused}
          </p>
        ) : null}
        {interceptors.length === 0 ? (
          <p className="muted">
            No interceptors: every call runs as the model made it (approval and step mode still apply).
          </p>
        ) : (
          <ol aria-label="Interceptors in order" className="flex flex-col gap-1">
            {interceptors.map((interceptor, index) => (
              <InterceptorRow
                key={interceptor.id}
                interceptor={interceptor}
                index={index}
                last={index === interceptors.length - 1}
                selected={interceptor.id === selected?.id}
                onEdit={() => setSelectedId(interceptor.id)}
              />
            ))}
          </ol>
        )}
        {selected ? (
          <div className="h-56 overflow-hidden rounded border border-[var(--border)]">
            <MonacoHandlerEditor
              toolId={`interceptor-${selected.id}`}
              code={selected.code}
              label={`Code of ${selected.name}`}
              onChange={(code) => updateInterceptor(selected.id, { code })}
            />
          </div>
        ) : null}
        {selected && selected.code.length >= SESSION_LIMITS.interceptorCodeChars ? (
          <p role="alert" className="text-role-error">
            An interceptor's code is kept up to {SESSION_LIMITS.interceptorCodeChars.toLocaleString('en')} characters:
            what you typed past that was not kept.
          </p>
        ) : null}
      </fieldset>
    </Dialog>
  );
}
