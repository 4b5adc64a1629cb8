import type { Sandbox } from '../sandbox/sandbox';

/** A file the call created, changed or removed (seed 002 §3.3 StateChange). */
export type StateChange = { type: 'FileCreated' | 'FileModified' | 'FileDeleted'; path: string };

/** Every file under the root with its content, to compare before and after a call. */
export async function snapshotFiles(sandbox: Sandbox): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await sandbox.list(sandbox.root, 64)) {
    if (entry.kind === 'file') files.set(entry.path, await sandbox.readFile(entry.path));
  }
  return files;
}

/** What changed between two snapshots, paths relative to the root, sorted. */
export function diffSnapshots(before: Map<string, string>, after: Map<string, string>, root: string): StateChange[] {
  const changes: StateChange[] = [];
  const relative = (path: string) => path.slice(root.length + 1);
  for (const [path, content] of after) {
    if (!before.has(path)) changes.push({ type: 'FileCreated', path: relative(path) });
    else if (before.get(path) !== content) changes.push({ type: 'FileModified', path: relative(path) });
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push({ type: 'FileDeleted', path: relative(path) });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}
