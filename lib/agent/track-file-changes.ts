import type { SandboxFiles } from '../sandbox/sandbox';

/** A file the call created, changed or removed (seed 002 §3.3 StateChange). */
export type StateChange = { type: 'FileCreated' | 'FileModified' | 'FileDeleted'; path: string };

/** What changed between two snapshots (paths relative to the sandbox root), sorted by path. */
export function diffSnapshots(before: SandboxFiles, after: SandboxFiles): StateChange[] {
  const changes: StateChange[] = [];
  for (const [path, content] of Object.entries(after)) {
    if (!Object.hasOwn(before, path)) changes.push({ type: 'FileCreated', path });
    else if (before[path] !== content) changes.push({ type: 'FileModified', path });
  }
  for (const path of Object.keys(before)) if (!Object.hasOwn(after, path)) changes.push({ type: 'FileDeleted', path });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}
