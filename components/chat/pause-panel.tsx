'use client';

import { useState } from 'react';
import type { RunPause } from '@/lib/shapes/run-pause';
import { useRuntime, useSession } from '../runtime/runtime-context';
import dynamic from 'next/dynamic';

// An MCP server's question is rare: its form's code loads when one arrives, not with the page.
const McpInputCard = dynamic(() => import('./mcp-input-card').then((module) => module.McpInputCard), { ssr: false });

function ApprovalCard({ pause }: { pause: Extract<RunPause, { kind: 'approval' }> }) {
  const { gate } = useRuntime();
  const [args, setArgs] = useState(() => JSON.stringify(pause.input ?? {}, null, 2));
  const [reason, setReason] = useState('');
  let parsed: { ok: true; value: unknown } | { ok: false; message: string };
  try {
    parsed = { ok: true, value: JSON.parse(args) };
  } catch (error) {
    parsed = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return (
    <div
      role="group"
      aria-label={`Approval for ${pause.toolName}`}
      className="flex flex-col gap-1 rounded-md border border-role-call/60 bg-role-call/10 p-2 text-xs"
    >
      <p className="font-semibold">
        Run <span className="font-mono">{pause.toolName}</span>? Check or edit the arguments.
      </p>
      <textarea
        aria-label={`Arguments for ${pause.toolName}`}
        className="control h-20 font-mono text-xs"
        value={args}
        onChange={(event) => setArgs(event.target.value)}
      />
      {parsed.ok ? null : <p className="text-role-error">Not valid JSON: {parsed.message}</p>}
      <input
        aria-label="Reason for rejecting"
        className="control"
        placeholder="Reason (the model reads it if you reject)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-2">
        <button
          type="button"
          className="button button-primary"
          disabled={!parsed.ok}
          onClick={() => parsed.ok && gate.answer({ kind: 'approve', input: parsed.value })}
        >
          Approve
        </button>
        <button type="button" className="button" onClick={() => gate.answer({ kind: 'reject', reason: reason.trim() })}>
          Reject
        </button>
      </div>
    </div>
  );
}

/** Where the run waits for the person: a step-mode stop, a call waiting for approval, or an MCP server's question. */
export function PausePanel() {
  const pause = useSession((state) => state.pause);
  const { gate } = useRuntime();
  if (!pause) return null;
  if (pause.kind === 'approval') return <ApprovalCard key={pause.toolCallId} pause={pause} />;
  if (pause.kind === 'input') return <McpInputCard key={`${pause.toolCallId}:${pause.message}`} pause={pause} />;
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-md border border-role-assistant/50 bg-role-assistant/10 p-2 text-xs"
    >
      <span>Paused · {pause.label}</span>
      <button type="button" className="button button-primary ml-auto" onClick={() => gate.answer({ kind: 'continue' })}>
        Next step
      </button>
    </div>
  );
}
