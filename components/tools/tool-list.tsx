'use client';

import { readToolName } from '@/lib/shapes/tool-source';
import { useSession, useSessionActions, useToolSetCheck } from '../runtime/runtime-context';
import dynamic from 'next/dynamic';
import { ToolItem } from './tool-item';

// An MCP server's group (its connection, prompts and resources) loads with the first server.
const McpServerGroup = dynamic(() => import('./mcp-server-group').then((module) => module.McpServerGroup), {
  ssr: false,
});

/** The session's own tools, then each MCP server's as a group, with badges. */
export function ToolList() {
  const deletedTool = useSession((state) => state.deletedTool);
  const servers = useSession((state) => state.mcpServers);
  const actions = useSessionActions();
  const { tools } = useToolSetCheck();
  const indexed = tools.map((tool, index) => ({ tool, index }));
  const own = indexed.filter(({ tool }) => tool.draft.run.kind !== 'mcp');

  return (
    <div className="h-full overflow-auto text-sm">
      {deletedTool ? (
        <p role="status" className="flex items-center gap-2 bg-role-call/10 px-3 py-1 text-xs">
          Deleted {readToolName(deletedTool.draft.source) ?? 'a tool'}.
          <button type="button" className="button ml-auto py-0" onClick={actions.undoDeleteTool}>
            Undo
          </button>
        </p>
      ) : null}
      <ul aria-label="Tool list">
        {own.map(({ tool, index }, position) => (
          <ToolItem
            key={tool.draft.id}
            tool={tool}
            index={index}
            first={position === 0}
            last={position === own.length - 1}
          />
        ))}
      </ul>
      {servers.map((server) => (
        <McpServerGroup
          key={server.id}
          server={server}
          tools={indexed.filter(({ tool }) => tool.draft.run.kind === 'mcp' && tool.draft.run.server === server.id)}
        />
      ))}
      {tools.length === 0 ? (
        <p className="muted p-3 text-sm">No tools yet. Use Add tool for a template, or Import tools.</p>
      ) : null}
    </div>
  );
}
