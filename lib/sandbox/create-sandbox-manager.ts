import type { Sandbox } from './sandbox';
import type { SandboxFiles, SandboxKind } from '../shapes/sandbox-status';
import type { SandboxChoice, SandboxStatus } from '../shapes/sandbox-status';

export type SandboxManagerOptions = {
  startOffline: (files: SandboxFiles) => Promise<Sandbox>;
  startWebContainer: (files: SandboxFiles, signal: AbortSignal) => Promise<Sandbox>;
  /** The session's files, which a newly started sandbox is filled with. */
  getFiles: () => SandboxFiles;
  onStatus: (status: SandboxStatus) => void;
  /** Called with every file after anything may have changed them. */
  onFilesChanged: (files: SandboxFiles) => void;
  now?: () => number;
};

export type SandboxManager = {
  /** The running sandbox, started with `choice` on first call. */
  get(choice: SandboxChoice): Promise<Sandbox>;
  /** Starts the sandbox `choice` names, carrying the session's files over. */
  switchTo(choice: SandboxChoice): Promise<Sandbox>;
  /** Gives up on a WebContainer that is still booting (Auto then falls back to offline). */
  cancelStart(): void;
  /**
   * Puts `files` into the sandbox if it has been started; one not started yet starts with the
   * session's files anyway (its code loads only when a tool or the person first needs it).
   */
  restoreIfStarted(files: SandboxFiles): Promise<void>;
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Mutating sandbox calls report back, so the session's copy of the files stays current. */
function observeChanges(sandbox: Sandbox, changed: () => void): Sandbox {
  const after =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await operation(...args);
      } finally {
        changed();
      }
    };
  return {
    ...sandbox,
    exec: after(sandbox.exec),
    writeFile: after(sandbox.writeFile),
    mkdir: after(sandbox.mkdir),
    remove: after(sandbox.remove),
    restore: after(sandbox.restore),
  };
}

/**
 * Starts, switches and watches the session's sandbox. Auto tries WebContainer and falls back
 * to the offline sandbox, keeping the reason for the status line; an explicit choice that
 * cannot start fails with its reason. Files follow the session across switches.
 */
export function createSandboxManager(options: SandboxManagerOptions): SandboxManager {
  const now = options.now ?? (() => Date.now());
  let current: Promise<Sandbox> | undefined;
  let starting: AbortController | undefined;
  let syncing: Promise<void> | undefined;
  let dirty = false;
  let latest: Sandbox | undefined;

  const sync = () => {
    dirty = true;
    if (syncing) return;
    syncing = (async () => {
      while (dirty && latest) {
        dirty = false;
        try {
          options.onFilesChanged(await latest.snapshot());
        } catch {
          // A snapshot that fails (the sandbox went away) is retried at the next change.
        }
      }
      syncing = undefined;
    })();
  };

  const start = async (choice: SandboxChoice): Promise<Sandbox> => {
    starting?.abort();
    const controller = new AbortController();
    starting = controller;
    const files = options.getFiles();
    const ready = (sandbox: Sandbox, fallbackReason?: string) => {
      latest = observeChanges(sandbox, sync);
      options.onStatus({ kind: 'ready', sandboxKind: sandbox.kind, ...(fallbackReason ? { fallbackReason } : {}) });
      return latest;
    };
    const begin = (target: SandboxKind) => options.onStatus({ kind: 'starting', target, sinceMs: now() });
    try {
      if (choice === 'offline') {
        begin('offline');
        return ready(await options.startOffline(files));
      }
      begin('webcontainer');
      try {
        return ready(await options.startWebContainer(files, controller.signal));
      } catch (error) {
        if (choice === 'webcontainer') throw error;
        begin('offline');
        return ready(await options.startOffline(files), message(error));
      }
    } catch (error) {
      options.onStatus({ kind: 'failed', message: message(error) });
      throw error;
    } finally {
      if (starting === controller) starting = undefined;
    }
  };

  return {
    get: (choice) => (current ??= start(choice)),
    switchTo: (choice) => (current = start(choice)),
    cancelStart: () => starting?.abort(),
    restoreIfStarted: async (files) => {
      if (current) await (await current).restore(files);
    },
  };
}
