import type { SandboxKind } from './sandbox';

/** Which sandbox the person asked for: Auto tries WebContainer and falls back to offline. */
export const SANDBOX_CHOICES = ['auto', 'webcontainer', 'offline'] as const;
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

/** Which sandbox runs, as the status line tells it. */
export type SandboxStatus =
  /** Not started yet: it starts with the first tool call, a change to the files or a choice of sandbox. */
  | { kind: 'idle' }
  | { kind: 'starting'; target: SandboxKind; sinceMs: number }
  | { kind: 'ready'; sandboxKind: SandboxKind; fallbackReason?: string }
  | { kind: 'failed'; message: string };

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
