/** A file the call created, changed or removed. */
export type FileChange = { type: 'FileCreated' | 'FileModified' | 'FileDeleted'; path: string };

/** What a call changed that the sandbox can observe (seed 002 §3.3 StateChange). */
export type StateChange =
  | FileChange
  | { type: 'DirectoryCreated'; path: string }
  | { type: 'ProcessStarted'; pid: number; command: string }
  | { type: 'ProcessTerminated'; pid: number; exit_code: number | null };

const FILE_CHANGE_TYPES = new Set(['FileCreated', 'FileModified', 'FileDeleted']);

/** Reads the file changes a tool result carries (seed 002 ToolResult state_changes), if any. */
export function readStateChanges(output: unknown): FileChange[] {
  const changes = (output as { state_changes?: unknown } | null | undefined)?.state_changes;
  return Array.isArray(changes)
    ? changes.filter(
        (change): change is FileChange => typeof change?.path === 'string' && FILE_CHANGE_TYPES.has(change?.type),
      )
    : [];
}
