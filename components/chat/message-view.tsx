'use client';

import { simulatedUserLabel } from '@/lib/messages/simulated-user-turn';
import dynamic from 'next/dynamic';
import { errorMessageOf } from '@/lib/shapes/tool-error';
import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '@/lib/shapes/tool-parts';
import { useToolSetCheck } from '../runtime/runtime-context';
import { ManualResultForm } from './manual-result-form';
import { RichText } from './rich-text';
import { outputText } from '@/lib/messages/split-steps';
import { useMcpToolNames } from '../shared/use-mcp-tool-names';

/** An MCP tool's result, read against MCP's schema (zod/mini): loaded when one is shown, not in the first load. */
const McpResultBody = dynamic(() => import('./mcp-result-body').then((module) => module.McpResultBody), {
  ssr: false,
  loading: () => <p className="muted">Loading…</p>,
});

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

function ToolCallCard({ part }: { part: ToolPart }) {
  const name = getToolName(part);
  const { runnable } = useToolSetCheck();
  const manual = runnable.find((tool) => tool.spec.name === name)?.run.kind === 'manual';
  // Only an MCP tool's result is read as MCP's (checked: it may come from a file or a link).
  const mcp = useMcpToolNames().has(name);
  const failed = part.state === 'output-error';
  const done = part.state === 'output-available' || failed;
  const waiting = manual && part.state === 'input-available';
  const status = failed
    ? 'error'
    : done
      ? 'done'
      : part.state === 'input-streaming'
        ? 'receiving arguments…'
        : waiting
          ? 'waiting for your result'
          : 'running…';
  const output = part.state === 'output-available' ? part.output : undefined;
  return (
    <div
      className={`my-1 rounded-md border px-2 py-1 text-xs ${failed ? 'border-role-error/60' : 'border-role-call/40'}`}
    >
      <div className="flex items-center gap-2">
        <span className="font-mono font-semibold text-role-call">{name}</span>
        <span className={failed ? 'text-role-error' : 'muted'}>{status}</span>
      </div>
      <pre className="code">{JSON.stringify(part.input ?? {}, null, 2)}</pre>
      {waiting ? <ManualResultForm toolName={name} toolCallId={part.toolCallId} /> : null}
      {done ? (
        <details>
          <summary className="cursor-pointer">{failed ? 'Error' : 'Result'}</summary>
          {failed ? (
            <pre className="code">{errorMessageOf(part.errorText ?? '')}</pre>
          ) : mcp ? (
            <McpResultBody output={output} />
          ) : (
            <pre className="code">{outputText(output, 2)}</pre>
          )}
        </details>
      ) : null}
    </div>
  );
}

/**
 * One chat message — user text, or an assistant's text and tool calls in order — or, for a
 * long assistant message, one run of its steps (`continued` after the first).
 */
export function MessageView({
  message,
  parts = message.parts,
  continued = false,
  incomplete = false,
}: {
  message: UIMessage;
  parts?: UIMessage['parts'];
  continued?: boolean;
  incomplete?: boolean;
}) {
  const isUser = message.role === 'user';
  return (
    <article
      aria-label={isUser ? 'User' : 'Assistant'}
      className={`rounded-lg px-3 py-2 text-sm ${isUser ? 'ml-6 bg-role-user/10' : 'mr-2 border border-role-assistant/25'}`}
    >
      <p className={`mb-1 text-xs font-semibold uppercase ${isUser ? 'text-role-user' : 'text-role-assistant'}`}>
        {isUser ? (simulatedUserLabel(message) ?? 'You') : continued ? 'Assistant (continued)' : 'Assistant'}
      </p>
      {parts.map((part, index) => {
        if (part.type === 'text') return <RichText key={index} text={part.text} />;
        if (part.type === 'reasoning' && part.text) {
          return (
            <p
              key={index}
              className="muted border-l-2 border-role-assistant/40 pl-2 text-xs italic whitespace-pre-wrap"
            >
              {part.text}
            </p>
          );
        }
        if (isToolUIPart(part)) return <ToolCallCard key={part.toolCallId} part={part} />;
        if (part.type === 'data-retry') {
          const notice = part.data as {
            attempt: number;
            maxRetries: number;
            delayMs: number;
            reason: string;
            fallback?: boolean;
          };
          return (
            <p key={index} role="note" className="text-xs text-role-call">
              {notice.fallback
                ? notice.reason
                : `Retry ${notice.attempt} of ${notice.maxRetries} after ${notice.reason} (waited ${notice.delayMs} ms)`}
            </p>
          );
        }
        return null;
      })}
      {incomplete ? (
        <p className="mt-1 text-xs text-role-error">
          Incomplete: the answer stopped before it finished; what arrived is kept.
        </p>
      ) : null}
    </article>
  );
}
