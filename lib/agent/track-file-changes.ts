import type { UIMessage } from 'ai';
import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import type { SandboxFiles } from '../shapes/sandbox-status';
import { type FileChange, readStateChanges, type StateChange } from '../shapes/state-change';

/** Directories that exist after a call and did not before (paths relative to the root), sorted. */
export function diffDirectories(before: readonly string[], after: readonly string[]): StateChange[] {
  const known = new Set(before);
  return after
    .filter((path) => !known.has(path))
    .sort()
    .map((path) => ({ type: 'DirectoryCreated', path }));
}

/** What changed between two snapshots (paths relative to the sandbox root), sorted by path. */
export function diffSnapshots(before: SandboxFiles, after: SandboxFiles): FileChange[] {
  const changes: FileChange[] = [];
  for (const [path, content] of Object.entries(after)) {
    if (!Object.hasOwn(before, path)) changes.push({ type: 'FileCreated', path });
    else if (before[path] !== content) changes.push({ type: 'FileModified', path });
  }
  for (const path of Object.keys(before)) if (!Object.hasOwn(after, path)) changes.push({ type: 'FileDeleted', path });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}

/** The latest change to a file in the conversation, and the call that made it. */
export type FileChangeMark = FileChange & { toolName: string; toolCallId: string };

/** Every file a tool call changed in these messages, by path, the latest change winning. */
export function markChangedFiles(messages: readonly UIMessage[]): Map<string, FileChangeMark> {
  const marks = new Map<string, FileChangeMark>();
  for (const message of messages) {
    for (const part of message.parts) {
      if (!isToolUIPart(part) || part.state !== 'output-available') continue;
      for (const change of readStateChanges(part.output)) {
        marks.set(change.path, { ...change, toolName: getToolName(part), toolCallId: part.toolCallId });
      }
    }
  }
  return marks;
}
