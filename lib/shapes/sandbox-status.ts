export type SandboxKind = 'offline' | 'webcontainer';

/** Starting files of a sandbox, keyed by path relative to its root. */
export type SandboxFiles = Record<string, string>;

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
