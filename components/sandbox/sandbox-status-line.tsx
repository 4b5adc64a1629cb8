'use client';

import { isRunInProgress } from '@/lib/session/session-state';
import { useEffect, useState } from 'react';
import { describeSandboxStatus, splitSandboxStatus } from '@/lib/sandbox/sandbox-status';
import { SANDBOX_CHOICES, type SandboxChoice } from '@/lib/shapes/sandbox-status';
import { useRuntime, useSession, useSessionActions } from '../runtime/runtime-context';

const CHOICE_LABELS: Record<SandboxChoice, string> = { auto: 'Auto', webcontainer: 'WebContainer', offline: 'Offline' };

/** Whole seconds since `sinceMs` (0 = not started by the clock), ticking each second; none on the server. */
function useElapsedSeconds(sinceMs: number | undefined): number | undefined {
  const [nowMs, setNowMs] = useState<number | undefined>();
  useEffect(() => {
    if (!sinceMs) return;
    const tick = () => setNowMs(Date.now());
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [sinceMs]);
  return sinceMs && nowMs !== undefined ? Math.max(0, Math.floor((nowMs - sinceMs) / 1000)) : undefined;
}

/**
 * Which sandbox runs, always (UI contract: a status starting "Sandbox:"), the `Sandbox`
 * choice (Auto / WebContainer / Offline), and a way to give up on a slow boot.
 */
export function SandboxStatusLine() {
  const { sandboxes } = useRuntime();
  const { setSandboxChoice } = useSessionActions();
  const status = useSession((state) => state.sandbox);
  const choice = useSession((state) => state.sandboxChoice);
  const running = useSession(isRunInProgress);
  const startingContainer = status.kind === 'starting' && status.target === 'webcontainer';
  const elapsed = useElapsedSeconds(status.kind === 'starting' ? status.sinceMs : undefined);

  const choose = (next: SandboxChoice) => {
    setSandboxChoice(next);
    sandboxes.switchTo(next).catch(() => undefined);
  };

  return (
    <div className="flex min-w-0 items-center gap-2">
      <p
        role="status"
        title={describeSandboxStatus(status)}
        // `relative`: the screen-reader text is clipped with the line, never placed past the page's edge.
        className={`relative min-w-0 max-w-[32rem] truncate text-xs ${status.kind === 'failed' ? 'text-role-error' : status.kind === 'ready' && status.fallbackReason ? 'text-warning' : 'muted'}`}
      >
        {splitSandboxStatus(status).shown}
        {/* The rest is read on by a screen reader and shown in the tooltip: the header's words fit. */}
        {splitSandboxStatus(status).more ? <span className="sr-only">{splitSandboxStatus(status).more}</span> : null}
        {elapsed !== undefined && elapsed > 0 ? ` ${elapsed} s` : ''}
      </p>
      {startingContainer ? (
        <button type="button" className="button" onClick={() => sandboxes.cancelStart()}>
          Cancel sandbox start
        </button>
      ) : null}
      <label htmlFor="sandbox-choice" className="muted hidden text-xs xl:inline">
        Sandbox
      </label>
      <select
        id="sandbox-choice"
        aria-label="Sandbox"
        className="control shrink-0"
        value={choice}
        disabled={running}
        title={
          running ? 'Switch the sandbox when the run has finished' : 'Which sandbox runs the tools; files carry over'
        }
        onChange={(event) => choose(event.target.value as SandboxChoice)}
      >
        {SANDBOX_CHOICES.map((option) => (
          <option key={option} value={option}>
            {CHOICE_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
