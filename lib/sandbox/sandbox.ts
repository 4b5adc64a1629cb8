import type { SandboxKind, SandboxFiles } from '../shapes/sandbox-status';

/** What a shell command returned. `exitCode` 124 means it was stopped by its timeout. */
export type ExecResult = { stdout: string; stderr: string; exitCode: number };

export type ExecOptions = {
  /** Absolute directory inside the sandbox; defaults to the workspace root. */
  cwd?: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
};

export type SandboxEntry = { path: string; kind: 'file' | 'directory'; sizeBytes: number };

/**
 * The one interface every sandbox implements; tools never know which one they talk to.
 * Paths are absolute inside the sandbox (see `resolveWorkspacePath`).
 */
export interface Sandbox {
  readonly kind: SandboxKind;
  /** The directory tools work in, e.g. `/workspace`. */
  readonly root: string;
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  readFile(path: string): Promise<string>;
  writeFile(path: string, content: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** Entries below `path`, depth-first, sorted by path; `maxDepth` 1 lists direct children. */
  list(path: string, maxDepth: number): Promise<SandboxEntry[]>;
  /** Deletes a file or a directory with everything in it; a missing path is not an error. */
  remove(path: string): Promise<void>;
  /** Every file under the root, keyed by path relative to it. */
  snapshot(): Promise<SandboxFiles>;
  /** Replaces everything under the root with these files. */
  restore(files: SandboxFiles): Promise<void>;
  /**
   * Runs `work` once every turn taken before it has ended: calls that can change files take
   * turns, so each one's file changes are its own.
   */
  inWriteTurn<T>(work: () => Promise<T>): Promise<T>;
}

/** What an adapter implements; `withSnapshots` adds snapshot, restore and write turns on top. */
export type SandboxCore = Omit<Sandbox, 'snapshot' | 'restore' | 'inWriteTurn'>;
