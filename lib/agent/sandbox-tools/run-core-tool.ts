import picomatch from 'picomatch';
import { resolveWorkspacePath } from '../../sandbox/resolve-workspace-path';
import type { Sandbox } from '../../sandbox/sandbox';
import type { CoreToolName } from '../../shapes/core-tool-definitions';
import { searchWorkspace, type SearchArgs } from './search-workspace';
import { type CoreToolResult, failure, notFound, refused, relative } from './core-tool-result';

export type { CoreToolResult } from './core-tool-result';

type Args = Record<string, unknown>;
type CoreToolContext = { sandbox: Sandbox; signal?: AbortSignal };

async function runBash(args: Args, { sandbox, signal }: CoreToolContext): Promise<CoreToolResult> {
  const cwd = resolveWorkspacePath(sandbox.root, String(args.working_directory ?? '.'));
  if (!cwd.ok) return refused(args.working_directory, cwd.message);
  const timeoutSeconds = Number(args.timeout_seconds ?? 30);
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  // Stopped before it started (while the sandbox was still starting): nothing runs.
  if (signal?.aborted) return failure('Stopped by the user before it started.');
  signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => controller.abort(), timeoutSeconds * 1000);
  try {
    const result = await sandbox.exec(String(args.command), {
      cwd: cwd.path,
      env: args.env as Record<string, string> | undefined,
      signal: controller.signal,
    });
    if (signal?.aborted) return failure('Stopped by the user before it finished.');
    if (controller.signal.aborted) {
      const partialOutput = result.stderr
        ? `${result.stdout}${result.stdout ? '\n' : ''}[stderr]\n${result.stderr}`
        : result.stdout;
      return { kind: 'timed-out', timeoutSeconds, partialOutput };
    }
    return {
      kind: 'done',
      success: result.exitCode === 0,
      output: result.stdout,
      stderr: result.stderr || undefined,
      exitCode: result.exitCode,
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The file's text as `encoding` reads its bytes (the sandbox stores UTF-8): `latin-1` and
 * `utf-16` decode those bytes as such; `ascii` shows every byte above 127 as U+FFFD.
 */
function decodeAs(content: string, encoding: string): string {
  if (encoding === 'utf-8') return content;
  const bytes = new TextEncoder().encode(content);
  if (encoding === 'ascii')
    return Array.from(bytes, (byte) => (byte < 128 ? String.fromCharCode(byte) : '\uFFFD')).join('');
  return new TextDecoder(encoding === 'utf-16' ? 'utf-16le' : 'latin1').decode(bytes);
}

async function runReadFile(args: Args, { sandbox }: CoreToolContext): Promise<CoreToolResult> {
  const resolved = resolveWorkspacePath(sandbox.root, String(args.path));
  if (!resolved.ok) return refused(args.path, resolved.message);
  if (!(await sandbox.exists(resolved.path))) return notFound(args.path);
  let content: string;
  try {
    content = await sandbox.readFile(resolved.path);
  } catch {
    return failure(`'${args.path}' is a directory, not a file. Use list_files to see what it holds.`);
  }
  content = decodeAs(content, String(args.encoding ?? 'utf-8'));
  if (args.start_line === undefined && args.end_line === undefined) {
    return { kind: 'done', success: true, output: content };
  }
  const lines = content.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const start = Number(args.start_line ?? 1);
  const end = Math.min(Number(args.end_line ?? lines.length), lines.length);
  if (start > end) {
    return failure(`start_line (${start}) is after end_line (${end}); the file has ${lines.length} lines.`);
  }
  return { kind: 'done', success: true, output: `${lines.slice(start - 1, end).join('\n')}\n` };
}

async function runWriteFile(args: Args, { sandbox }: CoreToolContext): Promise<CoreToolResult> {
  const resolved = resolveWorkspacePath(sandbox.root, String(args.path));
  if (!resolved.ok) return refused(args.path, resolved.message);
  const path = resolved.path;
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  if (!(await sandbox.exists(parent))) {
    if (args.create_directories === false) {
      return failure(`The directory '${relative(sandbox, parent)}' does not exist and create_directories is false.`);
    }
    await sandbox.mkdir(parent);
  }
  const existed = await sandbox.exists(path);
  const content = String(args.content);
  const previous = existed && args.mode === 'append' ? await sandbox.readFile(path) : '';
  await sandbox.writeFile(path, previous + content);
  const verb = args.mode === 'append' ? 'Appended' : existed ? 'Overwrote' : 'Created';
  return {
    kind: 'done',
    success: true,
    output: `${verb} ${relative(sandbox, path)} (${new TextEncoder().encode(content).length} bytes written).`,
  };
}

async function runListFiles(args: Args, { sandbox }: CoreToolContext): Promise<CoreToolResult> {
  const resolved = resolveWorkspacePath(sandbox.root, String(args.path ?? '.'));
  if (!resolved.ok) return refused(args.path, resolved.message);
  if (!(await sandbox.exists(resolved.path))) return notFound(args.path);
  const maxDepth = args.recursive === true ? Number(args.max_depth ?? 10) : 1;
  const matches = typeof args.pattern === 'string' ? picomatch(args.pattern, { dot: true, basename: true }) : undefined;
  const base = resolved.path;
  const lines = (await sandbox.list(base, maxDepth))
    .map((entry) => ({ ...entry, shown: entry.path.slice(base.length + 1) }))
    .filter((entry) => args.include_hidden === true || !entry.shown.split('/').some((part) => part.startsWith('.')))
    .filter((entry) => !matches || matches(entry.shown))
    .map((entry) => (entry.kind === 'directory' ? `${entry.shown}/` : entry.shown));
  return { kind: 'done', success: true, output: lines.length > 0 ? `${lines.join('\n')}\n` : '(empty)\n' };
}

function countOccurrences(text: string, part: string): number {
  let count = 0;
  for (let index = text.indexOf(part); index !== -1; index = text.indexOf(part, index + part.length)) count++;
  return count;
}

async function runEditFile(args: Args, { sandbox }: CoreToolContext): Promise<CoreToolResult> {
  const resolved = resolveWorkspacePath(sandbox.root, String(args.path));
  if (!resolved.ok) return refused(args.path, resolved.message);
  if (!(await sandbox.exists(resolved.path))) return notFound(args.path);
  const content = await sandbox.readFile(resolved.path);
  const oldContent = String(args.old_content);
  const newContent = String(args.new_content);
  if (oldContent === '') return failure('old_content is empty; give the exact text to replace.');
  const count = countOccurrences(content, oldContent);
  if (count === 0) {
    return failure(
      `old_content was not found in '${args.path}'. It must match the file exactly, whitespace included; read the file first.`,
    );
  }

  let next: string;
  if (args.occurrence === 'all') next = content.split(oldContent).join(newContent);
  else {
    const index = args.occurrence === 'last' ? content.lastIndexOf(oldContent) : content.indexOf(oldContent);
    next = content.slice(0, index) + newContent + content.slice(index + oldContent.length);
  }
  await sandbox.writeFile(resolved.path, next);
  const replaced = args.occurrence === 'all' ? count : 1;
  // Seed 002 §3.2.4: `occurrence` defaults to "first" — said aloud when the match was not unique.
  const note =
    count > 1 && args.occurrence === undefined
      ? ` old_content appears ${count} times; the first was replaced (the default). Pass occurrence 'last' or 'all', or include more surrounding text, to choose another.`
      : '';
  return {
    kind: 'done',
    success: true,
    output: `Replaced ${replaced} occurrence${replaced === 1 ? '' : 's'} in ${relative(sandbox, resolved.path)}.${note}`,
  };
}

async function runSearch(args: Args, { sandbox }: CoreToolContext): Promise<CoreToolResult> {
  const outcome = await searchWorkspace(sandbox, args as unknown as SearchArgs);
  return outcome.ok ? { kind: 'done', success: true, output: outcome.output } : failure(outcome.message);
}

async function runThink(): Promise<CoreToolResult> {
  return { kind: 'done', success: true, output: 'Thought recorded.' };
}

async function runSubmit(args: Args): Promise<CoreToolResult> {
  const answer = typeof args.answer === 'string' ? args.answer : '';
  return { kind: 'done', success: true, output: answer ? `Submitted: ${answer}` : 'Submitted.' };
}

const CORE_TOOL_HANDLERS = {
  bash: runBash,
  read_file: runReadFile,
  write_file: runWriteFile,
  edit_file: runEditFile,
  search: runSearch,
  list_files: runListFiles,
  think: runThink,
  submit: runSubmit,
} satisfies Record<CoreToolName, (args: Args, context: CoreToolContext) => Promise<CoreToolResult>>;

/** Runs one core tool in the sandbox. Arguments must already be valid against its schema. */
export function runCoreTool(name: CoreToolName, args: Args, context: CoreToolContext): Promise<CoreToolResult> {
  return CORE_TOOL_HANDLERS[name](args, context);
}
