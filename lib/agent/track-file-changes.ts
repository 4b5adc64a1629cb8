import { getToolName, isToolUIPart, type UIMessage } from 'ai';
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

/** The latest change to a file in the conversation, and the call that made it. */
export type FileChangeMark = StateChange & { toolName: string; toolCallId: string };

/** Reads the state changes a tool result carries (seed 002 ToolResult), if any. */
export function readStateChanges(output: unknown): StateChange[] {
  const changes = (output as { state_changes?: unknown } | null | undefined)?.state_changes;
  return Array.isArray(changes)
    ? changes.filter(
        (change): change is StateChange => typeof change?.path === 'string' && typeof change?.type === 'string',
      )
    : [];
}

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
