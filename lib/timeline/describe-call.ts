/**
 * Node titles that say what happened, read at a glance on the graph:
 * "read_file README.md", "read_file README.md → 1.2 KB", "bash ls -la → error".
 */

import { utf8ByteLength } from '../limits/utf8-length';

const SUBJECT_CHARS = 32;

/** The argument a call is about: the first short string value (a path, a command, a query), shortened. */
export function callSubject(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  for (const value of Object.values(input)) {
    if (typeof value === 'string' && value.trim()) {
      const line = value.trim().split('\n')[0];
      return line.length > SUBJECT_CHARS ? `${line.slice(0, SUBJECT_CHARS - 1)}…` : line;
    }
  }
  return undefined;
}

/** A byte count as people read it: "312 B", "1.2 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "read_file README.md" — the tool and what it was asked about. */
export function callTitle(name: string, input: unknown): string {
  const subject = callSubject(input);
  return subject ? `${name} ${subject}` : name;
}

/** "read_file README.md → 1.2 KB", or "→ error" / "→ blocked" / "→ running…" while there is no result. */
export function resultTitle(name: string, input: unknown, outcome: string, resultText?: string): string {
  const size = outcome === 'ok' && resultText !== undefined ? formatBytes(utf8ByteLength(resultText)) : outcome;
  return `${callTitle(name, input)} → ${size}`;
}
