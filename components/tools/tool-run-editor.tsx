'use client';

import { coreToolTraits, isSandboxToolName } from '@/lib/shapes/core-tool-definitions';
import type { ToolDraft, ToolRunKind } from '@/lib/shapes/tool-spec';
import dynamic from 'next/dynamic';
import { MAX_HANDLER_TIMEOUT_MS } from '@/lib/shapes/tool-limits';
import { useSessionActions } from '../runtime/runtime-context';
import { useState } from 'react';
import { workspacePathProblem } from '@/lib/shapes/workspace-path-rule';

// An MCP tool's panel loads when one is selected.
const McpRunPanel = dynamic(() => import('./mcp-run-panel').then((module) => module.McpRunPanel), { ssr: false });

const HandlerEditor = dynamic(() => import('./monaco-handler-editor'), {
  ssr: false,
  loading: () => <p className="muted p-2">Loading editor…</p>,
});

const RUN_LABELS = {
  sandbox: 'Sandbox',
  mock: 'Mock result',
  manual: 'Manual (you type the result)',
  javascript: 'JavaScript handler',
  http: 'HTTP request (allowlisted origins)',
} as const satisfies Record<Exclude<ToolRunKind, 'mcp'>, string>;
type ChoosableKind = keyof typeof RUN_LABELS;

const STARTER_OUTPUT_SCHEMA = `${JSON.stringify({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] }, null, 2)}\n`;

const DEFAULT_HANDLER =
  '// `args` holds the validated arguments. Return the result (JSON), or throw an error.\nreturn { ok: true, received: args };\n';

/** How the selected tool's calls are answered, and that mode's settings. */
export function ToolRunEditor({ draft, name }: { draft: ToolDraft; name: string | undefined }) {
  if (draft.run.kind === 'mcp') return <McpRunPanel draft={draft} run={draft.run} />;
  return <ChoosableRunEditor draft={draft} name={name} />;
}

type RunOf<K extends ToolRunKind> = Extract<ToolDraft['run'], { kind: K }>;

/** A mock's result: fixed JSON, or generated from an output schema. */
function MockRunFields({ draftId, run }: { draftId: string; run: RunOf<'mock'> }) {
  const { setToolRun } = useSessionActions();
  return (
    <>
      <label className="flex items-center gap-2">
        <span className="muted">Result</span>
        <select
          aria-label="Mock result from"
          className="control"
          value={run.outputSchema === undefined ? 'fixed' : 'schema'}
          onChange={(event) =>
            setToolRun(draftId, {
              ...run,
              outputSchema: event.target.value === 'schema' ? STARTER_OUTPUT_SCHEMA : undefined,
            })
          }
        >
          <option value="fixed">Fixed JSON</option>
          <option value="schema">Generated from an output schema</option>
        </select>
      </label>
      {run.outputSchema === undefined ? (
        <textarea
          aria-label="Mock result"
          className="control h-20 font-mono text-xs"
          value={run.result}
          onChange={(event) => setToolRun(draftId, { ...run, result: event.target.value })}
        />
      ) : (
        <>
          <textarea
            aria-label="Output schema"
            className="control h-24 font-mono text-xs"
            value={run.outputSchema}
            onChange={(event) => setToolRun(draftId, { ...run, outputSchema: event.target.value })}
          />
          <p className="muted">
            Each call gets a result shaped by this schema; properties named like arguments echo them.
          </p>
        </>
      )}
    </>
  );
}

/** A JavaScript handler's code and timeout. */
function HandlerRunFields({ draftId, run }: { draftId: string; run: RunOf<'javascript'> }) {
  const { setToolRun } = useSessionActions();
  return (
    <>
      <div aria-label="Handler code" role="group" className="h-32 border border-[var(--border)]">
        <HandlerEditor toolId={draftId} code={run.code} onChange={(code) => setToolRun(draftId, { ...run, code })} />
      </div>
      <label className="flex items-center gap-2">
        <span className="muted">Timeout (ms)</span>
        <input
          type="number"
          aria-label="Handler timeout (ms)"
          className="control w-24"
          min={10}
          max={MAX_HANDLER_TIMEOUT_MS}
          value={run.timeoutMs}
          onChange={(event) => {
            const timeoutMs = Number(event.target.value);
            if (Number.isInteger(timeoutMs) && timeoutMs >= 10 && timeoutMs <= MAX_HANDLER_TIMEOUT_MS)
              setToolRun(draftId, { ...run, timeoutMs });
          }}
        />
      </label>
      <StateFileField run={run} onChange={(stateFile) => setToolRun(draftId, { ...run, stateFile })} />
      <p className="muted">
        Runs in a Web Worker with no access to the page or the network. With a state file, the body gets the file's JSON
        as <code>state</code>; what it leaves there is written back.
      </p>
    </>
  );
}

/** The workspace JSON file a handler keeps its state in (a domain's database), or none. */
function StateFileField({ run, onChange }: { run: RunOf<'javascript'>; onChange(stateFile?: string): void }) {
  const [text, setText] = useState(run.stateFile ?? '');
  const problem = text === '' ? undefined : workspacePathProblem(text);
  return (
    <label className="flex flex-wrap items-center gap-2">
      <span className="muted">State file</span>
      <input
        type="text"
        aria-label="Handler state file"
        aria-invalid={problem ? true : undefined}
        className="control w-40 font-mono text-xs"
        placeholder="none (e.g. db.json)"
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          if (typed === '') onChange(undefined);
          else if (workspacePathProblem(typed) === undefined) onChange(typed);
        }}
      />
      {problem ? (
        <span className="text-role-error text-xs">{`The state file ${problem}; the handler keeps the last one that was.`}</span>
      ) : null}
    </label>
  );
}

function ChoosableRunEditor({ draft, name }: { draft: ToolDraft; name: string | undefined }) {
  const { setToolRun, setToolTerminal } = useSessionActions();
  const terminal = draft.terminal ?? (name !== undefined && coreToolTraits(name).endsRun);
  const run = draft.run;
  const sandboxable = name !== undefined && isSandboxToolName(name);

  const choose = (kind: ChoosableKind) => {
    if (kind === run.kind) return;
    if (kind === 'sandbox' || kind === 'manual') setToolRun(draft.id, { kind });
    if (kind === 'mock') setToolRun(draft.id, { kind, result: '{\n  "ok": true\n}\n' });
    if (kind === 'javascript') setToolRun(draft.id, { kind, code: DEFAULT_HANDLER, timeoutMs: 2000 });
    if (kind === 'http') setToolRun(draft.id, { kind, allowedOrigins: [] });
  };

  return (
    <div className="flex shrink-0 flex-col gap-1 border-t border-[var(--border)] px-3 py-2 text-xs">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-w-0 max-w-full items-center gap-2">
          <span className="muted shrink-0">Runs as</span>
          <select
            aria-label="Runs as"
            className="control min-w-0 max-w-full"
            value={run.kind}
            onChange={(event) => choose(event.target.value as ChoosableKind)}
          >
            {(Object.keys(RUN_LABELS) as ChoosableKind[]).map((kind) => (
              <option key={kind} value={kind} disabled={kind === 'sandbox' && !sandboxable && run.kind !== 'sandbox'}>
                {RUN_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label
          className="ml-auto flex items-center gap-1"
          title="Seed 002 is_terminal: nothing after it in its step runs, and no further step is sent"
        >
          <input
            type="checkbox"
            checked={terminal}
            onChange={(event) => setToolTerminal(draft.id, event.target.checked)}
          />
          Ends the run when it succeeds
        </label>
      </div>
      {run.kind === 'sandbox' && !sandboxable ? (
        <p className="text-role-error">
          Only the core and toolset tools run in the sandbox; choose another way for this tool.
        </p>
      ) : null}
      {run.kind === 'mock' ? <MockRunFields draftId={draft.id} run={run} /> : null}
      {run.kind === 'http' ? (
        <label className="flex flex-col gap-1">
          <span className="muted">
            Allowed origins, one per line (this playground’s own origin is always allowed; redirects are not followed)
          </span>
          <textarea
            key={draft.id}
            aria-label="Allowed origins"
            className="control h-16 font-mono text-xs"
            defaultValue={run.allowedOrigins.join('\n')}
            onBlur={(event) =>
              setToolRun(draft.id, {
                ...run,
                allowedOrigins: event.target.value
                  .split('\n')
                  .map((line) => line.trim().replace(/\/+$/, ''))
                  .filter((line) => /^https?:\/\/[^/\s]+$/.test(line))
                  .slice(0, 20),
              })
            }
          />
        </label>
      ) : null}
      {run.kind === 'manual' ? (
        <p className="muted">Each call pauses the run; type its result in the conversation.</p>
      ) : null}
      {run.kind === 'javascript' ? <HandlerRunFields draftId={draft.id} run={run} /> : null}
    </div>
  );
}
