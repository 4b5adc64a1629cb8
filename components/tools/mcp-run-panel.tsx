'use client';

import { isDestructiveMcpTool } from '@/lib/agent/approval-policy';
import { readToolName } from '@/lib/shapes/tool-source';
import { MAX_MCP_TIMEOUT_MS } from '@/lib/shapes/tool-limits';
import type { ToolDraft, ToolRun } from '@/lib/shapes/tool-spec';
import { useStore } from 'zustand';
import { useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';

const MOCK_RESULT = `${JSON.stringify({ content: [{ type: 'text', text: 'A made-up result.' }] }, null, 2)}\n`;

/** An MCP tool's run mode: its server, what it says of itself, its time limit, and a way to make an editable copy. */
export function McpRunPanel({ draft, run }: { draft: ToolDraft; run: Extract<ToolRun, { kind: 'mcp' }> }) {
  const { setToolRun, setToolEnabled, addTools, renameTool } = useSessionActions();
  const runtime = useRuntime();
  const server = useSession((state) => state.mcpServers.find((record) => record.id === run.server));
  const status = useStore(runtime.mcp.links, (links) => links[run.server]);
  const readOnly = useSession((state) => state.readOnly);
  const hints = run.annotations ?? {};
  const copy = () => {
    const definition = JSON.parse(draft.source) as { name: string; description?: string; inputSchema: object };
    const name = readToolName(draft.source) ?? definition.name;
    setToolEnabled(draft.id, false);
    addTools([
      {
        definition: {
          name,
          description: definition.description ?? '',
          parameters: definition.inputSchema as Record<string, unknown>,
        },
        run: { kind: 'mock', result: MOCK_RESULT },
      },
    ]);
    // The copy takes the original's name: the original is off, so the model sees one tool by that name.
    const added = runtime.store.getState().selectedToolId;
    if (added && added !== draft.id) renameTool(added, name);
  };

  return (
    <div className="flex shrink-0 flex-col gap-1 border-t border-[var(--border)] px-3 py-2 text-xs">
      <p>
        <span className="muted">Runs as </span>MCP server <strong>{server?.name ?? 'unknown server'}</strong>
        <span className="muted">
          {' '}
          ·{' '}
          {status?.kind === 'connected'
            ? 'connected'
            : status?.kind === 'connecting'
              ? 'connecting…'
              : 'not connected in this tab'}
        </span>
      </p>
      <p className="flex flex-wrap gap-1" title="What the server says of this tool (hints)">
        {hints.readOnlyHint ? <span className="badge">read-only (the server says so)</span> : null}
        {isDestructiveMcpTool(hints) ? <span className="badge text-role-error">may be destructive</span> : null}
        {hints.idempotentHint ? <span className="badge">idempotent</span> : null}
        {hints.openWorldHint === false ? (
          <span className="badge">closed world</span>
        ) : (
          <span className="badge">open world</span>
        )}
      </p>
      {hints.readOnlyHint ? (
        <p className="muted text-xs">
          These are the server&apos;s own hints, not checked: a tool its server calls read-only skips &quot;Ask before
          destructive tools&quot;. Choose &quot;Ask before every call&quot; to approve its calls anyway.
        </p>
      ) : null}
      <label className="flex items-center gap-2">
        <span className="muted">Timeout without progress (ms)</span>
        <input
          type="number"
          aria-label="MCP call timeout (ms)"
          className="control w-28"
          min={100}
          max={MAX_MCP_TIMEOUT_MS}
          value={run.timeoutMs}
          disabled={readOnly}
          onChange={(event) => {
            const timeoutMs = Number(event.target.value);
            if (Number.isInteger(timeoutMs) && timeoutMs >= 100 && timeoutMs <= MAX_MCP_TIMEOUT_MS)
              setToolRun(draft.id, { ...run, timeoutMs });
          }}
        />
      </label>
      <p className="muted">
        The definition is the server&rsquo;s (read-only). To change its description or schema, make an editable copy:
        the copy answers with a mock and this tool is switched off.
      </p>
      <button type="button" className="button self-start" disabled={readOnly} onClick={copy}>
        Copy as editable tool
      </button>
    </div>
  );
}
