import type { SandboxStatus } from '../shapes/sandbox-status';
import type { SandboxKind } from '../shapes/sandbox-status';

const LABELS: Record<SandboxKind, string> = {
  offline: 'offline (bash emulation, in-memory files)',
  webcontainer: 'WebContainer (Node.js and jsh in the browser)',
};

/** The status line's text (UI contract: it starts with "Sandbox:"). */
export function describeSandboxStatus(status: SandboxStatus): string {
  switch (status.kind) {
    case 'idle':
      return 'Sandbox: not started yet (it starts with the first tool call)';
    case 'starting':
      return `Sandbox: starting ${status.target === 'webcontainer' ? 'WebContainer' : 'the offline sandbox'}…`;
    case 'ready':
      return status.fallbackReason
        ? `Sandbox: ${LABELS[status.sandboxKind]} — WebContainer could not start: ${status.fallbackReason}`
        : `Sandbox: ${LABELS[status.sandboxKind]}`;
    case 'failed':
      return `Sandbox: failed to start — ${status.message}`;
  }
}

/**
 * The status line as the header shows it: the few words that fit (`shown`) and the rest, which a
 * screen reader reads on and the tooltip shows (`more`); `shown + more` is the whole sentence.
 */
export function splitSandboxStatus(status: SandboxStatus): { shown: string; more: string } {
  const whole = describeSandboxStatus(status);
  const cut =
    status.kind === 'idle'
      ? 'Sandbox: not started yet'.length
      : status.kind === 'ready' && !status.fallbackReason
        ? `Sandbox: ${status.sandboxKind === 'offline' ? 'offline' : 'WebContainer'}`.length
        : whole.length;
  return { shown: whole.slice(0, cut), more: whole.slice(cut) };
}
