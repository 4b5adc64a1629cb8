import stripAnsi from 'strip-ansi';
import type { ExecOptions, ExecResult, Sandbox, SandboxEntry } from './sandbox';
import { parentDirectory, withSnapshots } from './with-snapshots';

/** A process as `WebContainer.spawn` returns it: one merged terminal stream and an exit code. */
export type WebContainerProcessLike = { output: ReadableStream<string>; exit: Promise<number>; kill(): void };

type DirEntryLike = { name: string; isFile(): boolean; isDirectory(): boolean };

/** The parts of the `@webcontainer/api` WebContainer this adapter uses; paths are relative to `workdir`. */
export type WebContainerLike = {
  readonly workdir: string;
  fs: {
    readFile(path: string, encoding: 'utf-8'): Promise<string>;
    writeFile(path: string, data: string): Promise<void>;
    mkdir(path: string, options: { recursive: true }): Promise<unknown>;
    readdir(path: string, options: { withFileTypes: true }): Promise<DirEntryLike[]>;
    rm(path: string, options: { recursive?: boolean; force?: boolean }): Promise<void>;
  };
  spawn(
    command: string,
    args: string[],
    options?: { cwd?: string; env?: Record<string, string>; terminal?: { cols: number; rows: number } },
  ): Promise<WebContainerProcessLike>;
};

/** Exit code reported when a command was stopped (timeout or Stop), as a shell reports SIGINT. */
const STOPPED_EXIT_CODE = 130;

/** Terminal output as plain text: colour and cursor codes removed, CRLF made LF. */
export function cleanTerminalOutput(output: string): string {
  return stripAnsi(output).replace(/\r\n/g, '\n').replace(/\r/g, '');
}

/** Reads a process's output until it ends or the signal fires (then the process is killed). */
async function collectOutput(
  process: WebContainerProcessLike,
  signal: AbortSignal | undefined,
): Promise<{ output: string; stopped: boolean }> {
  const reader = process.output.getReader();
  let output = '';
  let stopped = false;
  const onAbort = () => {
    stopped = true;
    process.kill();
    void reader.cancel().catch(() => undefined);
  };
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort);
  try {
    while (!stopped) {
      const { value, done } = await reader.read();
      if (done) break;
      output += value;
    }
  } catch {
    // A cancelled reader rejects its pending read; what arrived is kept.
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return { output, stopped };
}

/**
 * The Sandbox interface over a booted WebContainer: `jsh -c` for bash (stdout and stderr
 * arrive merged, colour codes stripped) and its fs API for files. The sandbox root is the
 * container's workdir; the fs API takes paths relative to it.
 */
export function createWebContainerSandbox(container: WebContainerLike): Sandbox {
  const root = container.workdir;
  const fsPath = (path: string) => {
    if (path === root) return '.';
    if (path.startsWith(`${root}/`)) return path.slice(root.length + 1);
    throw new Error(`'${path}' is outside the workspace (${root}).`);
  };

  const exists = async (path: string) => {
    if (path === root) return true;
    try {
      const entries = await container.fs.readdir(fsPath(parentDirectory(path)), { withFileTypes: true });
      return entries.some((entry) => entry.name === path.slice(path.lastIndexOf('/') + 1));
    } catch {
      return false;
    }
  };

  const list = async (path: string, maxDepth: number): Promise<SandboxEntry[]> => {
    const entries: SandboxEntry[] = [];
    const walk = async (directory: string, depth: number) => {
      const children = [...(await container.fs.readdir(fsPath(directory), { withFileTypes: true }))].sort((a, b) =>
        a.name < b.name ? -1 : 1,
      );
      for (const child of children) {
        const childPath = `${directory}/${child.name}`;
        if (child.isDirectory()) {
          entries.push({ path: childPath, kind: 'directory', sizeBytes: 0 });
          if (depth < maxDepth) await walk(childPath, depth + 1);
        } else {
          const content = await container.fs.readFile(fsPath(childPath), 'utf-8');
          entries.push({ path: childPath, kind: 'file', sizeBytes: new TextEncoder().encode(content).length });
        }
      }
    };
    await walk(path, 1);
    return entries;
  };

  return withSnapshots({
    kind: 'webcontainer',
    root,
    async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
      const process = await container.spawn('jsh', ['-c', command], {
        cwd: options.cwd ? fsPath(options.cwd) : undefined,
        env: options.env,
        terminal: { cols: 200, rows: 40 },
      });
      const { output, stopped } = await collectOutput(process, options.signal);
      const exitCode = stopped ? STOPPED_EXIT_CODE : await process.exit;
      return { stdout: cleanTerminalOutput(output), stderr: '', exitCode };
    },
    readFile: async (path) => container.fs.readFile(fsPath(path), 'utf-8'),
    writeFile: async (path, content) => container.fs.writeFile(fsPath(path), content),
    mkdir: async (path) => {
      if (path !== root) await container.fs.mkdir(fsPath(path), { recursive: true });
    },
    exists,
    list,
    remove: async (path) => container.fs.rm(fsPath(path), { recursive: true, force: true }),
  });
}
