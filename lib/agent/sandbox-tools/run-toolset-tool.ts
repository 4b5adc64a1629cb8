import { resolveWorkspacePath } from '../../sandbox/resolve-workspace-path';
import type { Sandbox } from '../../sandbox/sandbox';
import { type CoreToolResult, failure, notFound, refused, relative } from './core-tool-result';
import { runCoreTool } from './run-core-tool';
import type { ToolsetToolName } from '../../shapes/toolset-definitions';

type Args = Record<string, unknown>;
type Context = { sandbox: Sandbox; signal?: AbortSignal };

/** Longest output a background process keeps, in characters. */
const MAX_PROCESS_OUTPUT_CHARS = 100_000;

type BackgroundProcess = {
  pid: number;
  command: string;
  status: 'running' | 'exited' | 'killed';
  exitCode: number | null;
  output: string;
  controller: AbortController;
  done: Promise<void>;
};

// Module state: each sandbox's background processes belong to it, kept beside it (weakly: they go when it goes); a new sandbox starts with none.
const processTables = new WeakMap<Sandbox, { next: number; processes: Map<number, BackgroundProcess> }>();
const tableOf = (sandbox: Sandbox) => {
  let table = processTables.get(sandbox);
  if (!table) {
    table = { next: 1, processes: new Map() };
    processTables.set(sandbox, table);
  }
  return table;
};

/** A value quoted for a POSIX shell: inside single quotes, each `'` closed, escaped and reopened. */
export function quoteForShell(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const done = (output: string, extra: Partial<Extract<CoreToolResult, { kind: 'done' }>> = {}): CoreToolResult => ({
  kind: 'done',
  success: true,
  output,
  ...extra,
});

async function kindOf(sandbox: Sandbox, path: string): Promise<'file' | 'directory' | undefined> {
  if (!(await sandbox.exists(path))) return undefined;
  if (path === sandbox.root) return 'directory';
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  return (await sandbox.list(parent, 1)).find((entry) => entry.path === path)?.kind ?? 'file';
}

async function createDirectory(args: Args, { sandbox }: Context): Promise<CoreToolResult> {
  const target = resolveWorkspacePath(sandbox.root, String(args.path));
  if (!target.ok) return refused(args.path, target.message);
  const kind = await kindOf(sandbox, target.path);
  if (kind === 'file') return failure(`'${args.path}' is a file; a directory cannot be made there.`);
  if (kind === 'directory') return done(`${relative(sandbox, target.path)}/ already exists.`);
  await sandbox.mkdir(target.path);
  return done(`Created ${relative(sandbox, target.path)}/.`);
}

/** Copies a file or a whole directory; the destination's parent is made if missing. */
async function copyTree(sandbox: Sandbox, from: string, to: string, kind: 'file' | 'directory') {
  const parent = to.slice(0, to.lastIndexOf('/')) || '/';
  if (!(await sandbox.exists(parent))) await sandbox.mkdir(parent);
  if (kind === 'file') return sandbox.writeFile(to, await sandbox.readFile(from));
  await sandbox.mkdir(to);
  for (const entry of await sandbox.list(from, 100)) {
    const target = to + entry.path.slice(from.length);
    if (entry.kind === 'directory') await sandbox.mkdir(target);
    else await sandbox.writeFile(target, await sandbox.readFile(entry.path));
  }
}

async function moveOrCopy(args: Args, { sandbox }: Context, move: boolean): Promise<CoreToolResult> {
  const source = resolveWorkspacePath(sandbox.root, String(args.source));
  if (!source.ok) return refused(args.source, source.message);
  const destination = resolveWorkspacePath(sandbox.root, String(args.destination));
  if (!destination.ok) return refused(args.destination, destination.message);
  const kind = await kindOf(sandbox, source.path);
  if (!kind) return notFound(args.source);
  if (source.path === sandbox.root) return failure('The workspace itself cannot be moved or copied.');
  if (destination.path === source.path || destination.path.startsWith(`${source.path}/`)) {
    return failure(`'${args.destination}' is inside '${args.source}'; choose a destination outside it.`);
  }
  if ((await sandbox.exists(destination.path)) && args.overwrite !== true) {
    return failure(`'${args.destination}' already exists; pass overwrite: true to replace it.`);
  }
  if (await sandbox.exists(destination.path)) await sandbox.remove(destination.path);
  await copyTree(sandbox, source.path, destination.path, kind);
  if (move) await sandbox.remove(source.path);
  const what = kind === 'directory' ? 'directory' : 'file';
  return done(
    `${move ? 'Moved' : 'Copied'} ${what} ${relative(sandbox, source.path)} to ${relative(sandbox, destination.path)}.`,
  );
}

async function deleteFile(args: Args, { sandbox }: Context): Promise<CoreToolResult> {
  const target = resolveWorkspacePath(sandbox.root, String(args.path));
  if (!target.ok) return refused(args.path, target.message);
  if (target.path === sandbox.root) return failure('The workspace itself cannot be deleted.');
  const kind = await kindOf(sandbox, target.path);
  if (!kind) return notFound(args.path);
  if (kind === 'directory' && args.recursive !== true) {
    return failure(`'${args.path}' is a directory; pass recursive: true to delete it with everything in it.`);
  }
  await sandbox.remove(target.path);
  return done(`Deleted ${kind === 'directory' ? 'directory ' : ''}${relative(sandbox, target.path)}.`);
}

async function spawnProcess(args: Args, { sandbox }: Context): Promise<CoreToolResult> {
  const cwd = resolveWorkspacePath(sandbox.root, String(args.working_directory ?? '.'));
  if (!cwd.ok) return refused(args.working_directory, cwd.message);
  const table = tableOf(sandbox);
  const pid = table.next++;
  const command = String(args.command);
  const controller = new AbortController();
  const process: BackgroundProcess = {
    pid,
    command,
    status: 'running',
    exitCode: null,
    output: '',
    controller,
    done: Promise.resolve(),
  };
  process.done = sandbox.exec(command, { cwd: cwd.path, signal: controller.signal }).then(
    (result) => {
      const text = result.stderr ? `${result.stdout}\n[stderr]\n${result.stderr}` : result.stdout;
      process.output = text.slice(0, MAX_PROCESS_OUTPUT_CHARS);
      if (process.status === 'running') {
        process.status = 'exited';
        process.exitCode = result.exitCode;
      }
    },
    (error: unknown) => {
      process.output = error instanceof Error ? error.message : String(error);
      if (process.status === 'running') process.status = 'exited';
    },
  );
  table.processes.set(pid, process);
  return done(`Started process ${pid}: ${command}`, { stateChanges: [{ type: 'ProcessStarted', pid, command }] });
}

function listProcesses(_args: Args, { sandbox }: Context): Promise<CoreToolResult> {
  const processes = [...tableOf(sandbox).processes.values()];
  if (processes.length === 0) return Promise.resolve(done('No background processes.'));
  const lines = processes.map(
    (process) =>
      `${process.pid}\t${process.status}${process.exitCode === null ? '' : ` (exit ${process.exitCode})`}\t${process.command}`,
  );
  return Promise.resolve(done(`PID\tSTATUS\tCOMMAND\n${lines.join('\n')}\n`));
}

async function waitProcess(args: Args, { sandbox, signal }: Context): Promise<CoreToolResult> {
  const process = tableOf(sandbox).processes.get(Number(args.pid));
  if (!process) return notFound(`process ${args.pid}`);
  const timeoutSeconds = Number(args.timeout_seconds ?? 30);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = await Promise.race([
    process.done.then(() => 'exited' as const),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutSeconds * 1000);
      signal?.addEventListener('abort', () => resolve('timeout'), { once: true });
    }),
  ]);
  clearTimeout(timer);
  if (waited === 'timeout') {
    return { kind: 'timed-out', timeoutSeconds, partialOutput: `Process ${process.pid} is still running.` };
  }
  return {
    kind: 'done',
    success: process.exitCode === 0,
    output: process.output,
    exitCode: process.exitCode ?? undefined,
    stateChanges: [{ type: 'ProcessTerminated', pid: process.pid, exit_code: process.exitCode }],
  };
}

async function killProcess(args: Args, { sandbox }: Context): Promise<CoreToolResult> {
  const process = tableOf(sandbox).processes.get(Number(args.pid));
  if (!process) return notFound(`process ${args.pid}`);
  if (process.status !== 'running') return done(`Process ${process.pid} had already ${process.status}.`);
  process.status = 'killed';
  process.controller.abort();
  return done(`Killed process ${process.pid}.`, {
    stateChanges: [{ type: 'ProcessTerminated', pid: process.pid, exit_code: null }],
  });
}

/** Whether a shell said the program is not there (exit 127, "command not found"). */
const missingProgram = (result: CoreToolResult) =>
  result.kind === 'done' &&
  (result.exitCode === 127 || /command not found|not found: /i.test(`${result.output}\n${result.stderr ?? ''}`));

async function runGit(args: Args, context: Context): Promise<CoreToolResult> {
  const extra = Array.isArray(args.args) ? args.args.map(String) : [];
  const command = ['git', String(args.subcommand), ...extra.map(quoteForShell)].join(' ');
  const result = await runCoreTool('bash', { command, working_directory: '.' }, context);
  if (missingProgram(result)) {
    return failure(
      `git is not available in this sandbox (${context.sandbox.kind === 'offline' ? 'the offline bash emulation' : 'WebContainer'} has none). Use list_files and read_file to see what changed.`,
    );
  }
  return result;
}

async function runTests(args: Args, context: Context): Promise<CoreToolResult> {
  const command = String(args.command ?? 'npm test');
  const result = await runCoreTool(
    'bash',
    { command, working_directory: args.working_directory ?? '.', timeout_seconds: args.timeout_seconds ?? 120 },
    context,
  );
  if (missingProgram(result)) {
    return failure(
      `'${command.split(' ')[0]}' is not available in ${context.sandbox.kind === 'offline' ? 'the offline sandbox; switch the sandbox to WebContainer to run Node tests' : 'this sandbox'}.`,
    );
  }
  if (result.kind !== 'done') return result;
  return {
    ...result,
    output: `Tests ${result.exitCode === 0 ? 'passed' : 'failed'} (exit code ${result.exitCode}).\n${result.output}`,
  };
}

const TOOLSET_HANDLERS = {
  create_directory: createDirectory,
  move_file: (args, context) => moveOrCopy(args, context, true),
  copy_file: (args, context) => moveOrCopy(args, context, false),
  delete_file: deleteFile,
  spawn_process: spawnProcess,
  list_processes: listProcesses,
  wait_process: waitProcess,
  kill_process: killProcess,
  git: runGit,
  run_tests: runTests,
} satisfies Record<ToolsetToolName, (args: Args, context: Context) => Promise<CoreToolResult>>;

/** Runs one of the §11 toolset tools in the sandbox. Arguments must already be valid against its schema. */
export function runToolsetTool(name: ToolsetToolName, args: Args, context: Context): Promise<CoreToolResult> {
  return TOOLSET_HANDLERS[name](args, context);
}
