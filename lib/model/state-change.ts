/** A file the call created, changed or removed. */
export type FileChange = { type: 'FileCreated' | 'FileModified' | 'FileDeleted'; path: string };

/** What a call changed that the sandbox can observe (seed 002 §3.3 StateChange). */
export type StateChange =
  | FileChange
  | { type: 'DirectoryCreated'; path: string }
  | { type: 'ProcessStarted'; pid: number; command: string }
  | { type: 'ProcessTerminated'; pid: number; exit_code: number | null };
