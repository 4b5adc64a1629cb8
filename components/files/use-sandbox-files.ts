'use client';

import { resolveWorkspacePath } from '@/lib/sandbox/resolve-workspace-path';
import type { SandboxFiles } from '@/lib/shapes/sandbox-status';
import { parentDirectory } from '@/lib/sandbox/with-snapshots';
import { useRuntime } from '../runtime/runtime-context';

export type WriteResult = { ok: true; path: string } | { ok: false; message: string };

const READ_ONLY = 'A shared session is read-only: press “Fork to edit” to change its files.';

/** What the Files pane does to the running sandbox; the session's copy follows by itself. */
export function useSandboxFiles() {
  const { startSandbox, store } = useRuntime();
  return {
    /** Writes a file at a path relative to the workspace, creating its directories. */
    async write(relativePath: string, content: string, { mustBeNew = false } = {}): Promise<WriteResult> {
      if (store.getState().readOnly) return { ok: false, message: READ_ONLY };
      if (relativePath === '') return { ok: false, message: 'Type a path for the new file, e.g. notes/todo.md.' };
      const sandbox = await startSandbox();
      const resolved = resolveWorkspacePath(sandbox.root, relativePath);
      if (!resolved.ok) return resolved;
      if (resolved.path === sandbox.root)
        return { ok: false, message: `"${relativePath}" is the workspace itself, not a file.` };
      const path = resolved.path.slice(sandbox.root.length + 1);
      if (mustBeNew && (await sandbox.exists(resolved.path)))
        return { ok: false, message: `"${path}" already exists.` };
      await sandbox.mkdir(parentDirectory(resolved.path));
      await sandbox.writeFile(resolved.path, content);
      return { ok: true, path };
    },
    async remove(relativePath: string) {
      if (store.getState().readOnly) return;
      const sandbox = await startSandbox();
      await sandbox.remove(`${sandbox.root}/${relativePath}`);
    },
    async replaceAll(files: SandboxFiles) {
      if (store.getState().readOnly) return;
      await (await startSandbox()).restore(files);
    },
    async reset() {
      if (store.getState().readOnly) return;
      await (await startSandbox()).restore(store.getState().startingFiles);
    },
  };
}
