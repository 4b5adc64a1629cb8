import type { ExecOptions, ExecResult, Sandbox, SandboxEntry } from './sandbox';
import type { SandboxFiles } from '../shapes/sandbox-status';
import { withSnapshots } from './with-snapshots';

export const WORKSPACE_ROOT = '/workspace';

/**
 * Creates the offline sandbox: just-bash (a bash emulation with ~80 commands) over an
 * in-memory file system. The library is loaded on first use so it stays out of the first
 * page load.
 */
export async function createOfflineSandbox(files: SandboxFiles): Promise<Sandbox> {
  const { Bash } = await import('just-bash/browser');
  const initialFiles = Object.fromEntries(
    Object.entries(files).map(([path, content]) => [`${WORKSPACE_ROOT}/${path}`, content]),
  );
  const bash = new Bash({
    files: initialFiles,
    cwd: WORKSPACE_ROOT,
    env: { HOME: WORKSPACE_ROOT, USER: 'playground' },
  });
  const fs = bash.fs;

  const list = async (path: string, maxDepth: number): Promise<SandboxEntry[]> => {
    const entries: SandboxEntry[] = [];
    const walk = async (directory: string, depth: number) => {
      const names = [...(await fs.readdir(directory))].sort();
      for (const name of names) {
        const child = directory === '/' ? `/${name}` : `${directory}/${name}`;
        const stat = await fs.stat(child);
        const kind = stat.isDirectory ? 'directory' : 'file';
        entries.push({ path: child, kind, sizeBytes: kind === 'file' ? stat.size : 0 });
        if (kind === 'directory' && depth < maxDepth) await walk(child, depth + 1);
      }
    };
    await walk(path, 1);
    return entries;
  };

  return withSnapshots({
    kind: 'offline',
    root: WORKSPACE_ROOT,
    async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
      const result = await bash.exec(command, {
        cwd: options.cwd ?? WORKSPACE_ROOT,
        env: options.env,
        signal: options.signal,
      });
      return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
    },
    readFile: (path) => fs.readFile(path),
    writeFile: (path, content) => fs.writeFile(path, content),
    mkdir: (path) => fs.mkdir(path, { recursive: true }),
    exists: (path) => fs.exists(path),
    list,
    remove: (path) => fs.rm(path, { recursive: true, force: true }),
  });
}
