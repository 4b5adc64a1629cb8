import type { Sandbox, SandboxCore } from './sandbox';
import type { SandboxFiles } from '../shapes/sandbox-status';

/** How deep a snapshot walks; deeper trees are not a workspace a person would share. */
const SNAPSHOT_DEPTH = 64;

/** Parent directory of an absolute path (`/a/b/c.txt` → `/a/b`). */
export function parentDirectory(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** Adds snapshot, restore and write turns to a sandbox, in terms of its own file operations. */
export function withSnapshots(core: SandboxCore): Sandbox {
  /** The end of the last write turn taken (this sandbox's queue of writing calls). */
  let lastTurn: Promise<unknown> = Promise.resolve();
  const sandbox: Sandbox = {
    ...core,
    inWriteTurn(work) {
      const turn = lastTurn.then(work);
      lastTurn = turn.catch(() => undefined);
      return turn;
    },
    async snapshot() {
      const files: SandboxFiles = {};
      for (const entry of await core.list(core.root, SNAPSHOT_DEPTH)) {
        if (entry.kind === 'file') files[entry.path.slice(core.root.length + 1)] = await core.readFile(entry.path);
      }
      return files;
    },
    async restore(files) {
      for (const entry of await core.list(core.root, 1)) await core.remove(entry.path);
      for (const [relativePath, content] of Object.entries(files)) {
        const path = `${core.root}/${relativePath}`;
        await core.mkdir(parentDirectory(path));
        await core.writeFile(path, content);
      }
    },
  };
  return sandbox;
}
