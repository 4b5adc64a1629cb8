'use client';

import { useState } from 'react';
import { useStore } from 'zustand';
import type { LeftOutTool } from '@/lib/mcp/mcp-route';
import type { McpServerRecord } from '@/lib/shapes/mcp-server-record';
import type { CheckedTool } from '@/lib/tools/tool-check';
import { useRuntime, useSession } from '../runtime/runtime-context';
import { LazyMcpCheckDialog, LazyMcpConnectDialog } from './lazy-tool-dialogs';
import { McpPromptsAndResources } from './mcp-prompts-and-resources';
import { ToolItem } from './tool-item';

/** The tools the server listed that the playground cannot offer: their names, and why each. */
function LeftOutNote({ leftOut }: { leftOut: readonly LeftOutTool[] }) {
  const count = leftOut.length === 1 ? '1 tool' : `${leftOut.length} tools`;
  return (
    <details role="note" aria-label="Tools left out" className="px-3 text-xs text-role-error">
      <summary className="cursor-pointer">
        {count} of this server {leftOut.length === 1 ? 'is' : 'are'} left out: the model is not offered{' '}
        {leftOut.length === 1 ? 'it' : 'them'}
      </summary>
      <ul className="list-disc pl-4">
        {leftOut.map((tool, index) => (
          // Names may repeat (a server may list a name twice): the index keeps each its own.
          <li key={index}>
            <code>{tool.name}</code>: {tool.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One MCP server in the tool list: who it is, whether this tab is connected, its tools, prompts and resources. */
export function McpServerGroup({
  server,
  tools,
}: {
  server: McpServerRecord;
  tools: { tool: CheckedTool; index: number }[];
}) {
  const { mcp } = useRuntime();
  const known = useStore(mcp.links, (links) => links[server.id]);
  const status = known ?? { kind: 'disconnected' as const };
  const readOnly = useSession((state) => state.readOnly);
  const connected = status.kind === 'connected';
  const [connecting, setConnecting] = useState(false);
  const [checking, setChecking] = useState(false);

  return (
    <section role="group" aria-label={`MCP ${server.name}`} className="border-t border-[var(--border)]">
      <div className="flex flex-wrap items-center gap-1 px-3 pt-2 text-xs">
        <span className="font-semibold">{server.name}</span>
        <span className="muted">
          {server.version ? `v${server.version} · ` : ''}
          {server.transport === 'sse' ? 'HTTP+SSE' : server.transport === 'stdio' ? 'stdio' : 'Streamable HTTP'} ·{' '}
          {server.protocolVersion ? (
            <span title="The MCP protocol revision this connection speaks">MCP {server.protocolVersion} · </span>
          ) : null}
        </span>
        <span role="status" className={connected ? 'text-role-result' : 'muted'}>
          {connected ? 'connected' : status.kind === 'connecting' ? 'connecting…' : 'not connected'}
        </span>
        <span className="ml-auto flex flex-wrap gap-1">
          {connected ? (
            <>
              <button
                type="button"
                className="button px-1.5 py-0"
                aria-label={`Refresh tools of ${server.name}`}
                disabled={readOnly}
                onClick={() => void mcp.refreshTools(server.id)}
              >
                Refresh
              </button>
              <button
                type="button"
                className="button px-1.5 py-0"
                aria-label={`Disconnect ${server.name}`}
                onClick={() => void mcp.disconnect(server.id)}
              >
                Disconnect
              </button>
              {server.transport === 'stdio' ? null : (
                <button type="button" className="button px-1.5 py-0" onClick={() => setChecking(true)}>
                  Check this server
                </button>
              )}
              {checking ? <LazyMcpCheckDialog server={server} open onOpenChange={setChecking} /> : null}
            </>
          ) : (
            // Never on its own: a session from a file or a link reaches a server only when the person says so.
            <>
              <button
                type="button"
                className="button px-1.5 py-0"
                aria-label={`Connect ${server.name}`}
                disabled={readOnly}
                onClick={() => setConnecting(true)}
              >
                Connect…
              </button>
              {connecting ? <LazyMcpConnectDialog initialUrl={server.url} open onOpenChange={setConnecting} /> : null}
            </>
          )}
          <button
            type="button"
            className="button px-1.5 py-0 text-role-error"
            aria-label={`Remove ${server.name}`}
            disabled={readOnly}
            onClick={() => void mcp.remove(server.id)}
          >
            Remove
          </button>
        </span>
      </div>
      {known === undefined ? (
        // It came with the session (a file, a link, this tab's last visit): nothing reaches it until Connect.
        <p role="note" className="muted px-3 text-xs">
          Came with the session; not connected. Connect only if you trust{' '}
          <span className="break-all font-mono">{server.url}</span>: the model&rsquo;s calls to its tools will reach it.
        </p>
      ) : null}
      {status.kind === 'disconnected' && status.error ? (
        <p role="alert" className="px-3 text-xs text-role-error">
          {status.error}
        </p>
      ) : null}
      {status.kind === 'connected' && status.leftOut.length > 0 ? <LeftOutNote leftOut={status.leftOut} /> : null}
      <details className="px-3 text-xs">
        <summary className="muted cursor-pointer">About this server</summary>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2">
          <dt className="muted">URL</dt>
          <dd className="break-all font-mono">{server.url}</dd>
          <dt className="muted">Offers</dt>
          <dd>{server.capabilities.join(', ') || 'nothing declared'}</dd>
          <dt className="muted">Protocol</dt>
          <dd>{server.protocolVersion ? `MCP ${server.protocolVersion}` : 'not known yet (connect it)'}</dd>
        </dl>
        {server.instructions ? (
          <p className="mt-1 whitespace-pre-wrap border-l-2 border-[var(--border)] pl-2">{server.instructions}</p>
        ) : null}
      </details>
      <ul aria-label={`Tools of ${server.name}`}>
        {tools.map(({ tool, index }) => (
          <ToolItem key={tool.draft.id} tool={tool} index={index} first last />
        ))}
      </ul>
      {connected && !readOnly ? <McpPromptsAndResources server={server} /> : null}
    </section>
  );
}
