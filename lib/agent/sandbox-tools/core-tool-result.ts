import type { StateChange } from '../../shapes/state-change';
import type { Sandbox } from '../../sandbox/sandbox';

/**
 * What a sandbox tool returns (seed 002 §3.3 ToolResult, minus timing which the executor adds).
 * `failure` is set when the tool could not do its job; the executor turns it into an error
 * the model sees. `stateChanges` are what the tool itself saw happen beyond files (processes).
 */
export type CoreToolResult =
  | {
      kind: 'done';
      success: boolean;
      output: string;
      exitCode?: number;
      stderr?: string;
      stateChanges?: StateChange[];
    }
  /** `resource`: the path that was missing or refused (not-found, permission). */
  | { kind: 'failure'; reason: 'execution' | 'not-found' | 'permission'; message: string; resource?: string }
  | { kind: 'timed-out'; timeoutSeconds: number; partialOutput: string };

/** The tool could not do its job (seed 002 §7.1 ExecutionError). */
export const failure = (message: string): CoreToolResult => ({ kind: 'failure', reason: 'execution', message });

/** A path or resource that is not there (seed 002 §7.1 ResourceError). */
export const notFound = (path: unknown): CoreToolResult => ({
  kind: 'failure',
  reason: 'not-found',
  message: `'${path}' not found.`,
  resource: String(path),
});

/** A path outside the workspace (seed 002 §7.1 PermissionError). */
export const refused = (path: unknown, message: string): CoreToolResult => ({
  kind: 'failure',
  reason: 'permission',
  message,
  resource: String(path),
});

/** A sandbox path as the model reads it: relative to the workspace root. */
export function relative(sandbox: Sandbox, path: string): string {
  return path === sandbox.root ? '.' : path.slice(sandbox.root.length + 1);
}
