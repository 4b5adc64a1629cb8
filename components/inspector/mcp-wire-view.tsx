'use client';

import { useMemo } from 'react';
import { readMcpWireAnswer } from '@/lib/mcp/mcp-wire-answer';
import { mcpToolServers } from '@/lib/shapes/mcp-tool-drafts';
import type { McpWireExchange, McpWireRecord } from '@/lib/shapes/mcp-wire';
import { useSession } from '../runtime/runtime-context';
import { JsonView } from './json-view';

/** What a JSON-RPC message is, in a few words: its method, or the id it answers. */
function describeMessage(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'a message';
  const message = body as { method?: unknown; id?: unknown; result?: unknown; error?: unknown };
  if (typeof message.method === 'string') return message.method;
  if (message.error !== undefined) return `error for request ${String(message.id)}`;
  return message.id === undefined ? 'a message' : `answer to request ${String(message.id)}`;
}

function Exchange({ exchange, index }: { exchange: McpWireExchange; index: number }) {
  const answer = readMcpWireAnswer(exchange.response);
  const name = `${index + 1}. ${exchange.request.method} ${describeMessage(exchange.request.body)}`;
  return (
    <li className="flex flex-col gap-1 border-t border-[var(--border)] pt-1">
      <h5 className="text-xs font-semibold">
        {name} → {exchange.status}
      </h5>
      <p className="font-mono text-xs">{`${exchange.request.method} ${exchange.request.path}`}</p>
      <p className="muted text-xs">Headers</p>
      <JsonView value={exchange.request.headers} label={`MCP request ${index + 1} headers`} />
      {exchange.request.body === undefined ? null : (
        <>
          <p className="muted text-xs">Sent</p>
          <JsonView value={exchange.request.body} label={`MCP request ${index + 1}`} />
        </>
      )}
      <p className="muted text-xs">
        {'events' in answer && answer.events ? 'Answer (server-sent events: each event’s message)' : 'Answer'}
      </p>
      {'messages' in answer ? (
        answer.messages.length === 0 ? (
          <p className="muted text-xs">No body in the answer.</p>
        ) : (
          <JsonView
            value={answer.messages.length === 1 ? answer.messages[0] : answer.messages}
            label={`MCP answer ${index + 1}`}
          />
        )
      ) : (
        <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all text-xs">{answer.text}</pre>
      )}
      {exchange.truncated ? <p className="muted text-xs">The answer is cut here: it went on.</p> : null}
    </li>
  );
}

/**
 * An MCP call's exchanges with its server, as they went over HTTP: each request the
 * playground's server sent (its `tools/call`, the answer to a question, a retry with your answer,
 * a task's polls) with its headers — yours and any key shown as `[redacted]` — and the answer as
 * it came.
 */
export function McpWireView({ record, server }: { record: McpWireRecord | undefined; server: string }) {
  return (
    <section aria-label="MCP exchange" className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold">The call on the wire to the MCP server {server}</h4>
      {record === undefined ? (
        <p className="muted text-xs">
          Shown in the tab that ran the call, while it is open, for a server over HTTP: files and links do not keep it
          (an answer may carry what you typed into the server&rsquo;s form), and a local (stdio) server&rsquo;s messages
          are not recorded.
        </p>
      ) : (
        <ol className="flex flex-col gap-1">
          {record.exchanges.map((exchange, index) => (
            // Exchanges only ever grow at the end, in the order they went.
            <Exchange key={index} exchange={exchange} index={index} />
          ))}
          {record.omitted > 0 ? (
            <li className="muted text-xs">
              {record.omitted} more {record.omitted === 1 ? 'exchange' : 'exchanges'} (past the first{' '}
              {record.exchanges.length}) not kept.
            </li>
          ) : null}
        </ol>
      )}
    </section>
  );
}

/** The selected call's exchanges with its MCP server; nothing for a call of another kind of tool. */
export function McpWireOfCall({ toolCallId, toolName }: { toolCallId: string; toolName: string }) {
  const record = useSession((state) =>
    Object.hasOwn(state.mcpWire, toolCallId) ? state.mcpWire[toolCallId] : undefined,
  );
  const tools = useSession((state) => state.tools);
  const servers = useSession((state) => state.mcpServers);
  const server = useMemo(() => mcpToolServers(tools, servers).get(toolName), [tools, servers, toolName]);
  if (server === undefined && record === undefined) return null;
  return <McpWireView record={record} server={server ?? ''} />;
}
