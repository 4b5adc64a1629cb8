import picomatch from 'picomatch';
import { resolveWorkspacePath } from '../../sandbox/resolve-workspace-path';
import type { Sandbox } from '../../sandbox/sandbox';
import { compileSafeRegExp, type SafeRegExp } from '../../tools/safe-regexp';

export type SearchArgs = {
  pattern: string;
  path?: string;
  type?: 'regex' | 'literal';
  case_sensitive?: boolean;
  include_pattern?: string;
  exclude_pattern?: string;
  max_results?: number;
  context_lines?: number;
};

export type SearchOutcome = { ok: true; output: string; matches: number } | { ok: false; message: string };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Searches the files under `path` line by line, grep-style: `file:line:text` for matches and
 * `file-line-text` for context lines, groups separated by `--`. Globs match workspace paths.
 */
export async function searchWorkspace(sandbox: Sandbox, args: SearchArgs): Promise<SearchOutcome> {
  const resolved = resolveWorkspacePath(sandbox.root, args.path ?? '.');
  if (!resolved.ok) return { ok: false, message: resolved.message };
  if (!(await sandbox.exists(resolved.path))) return { ok: false, message: `'${args.path}' not found.` };
  let regex: SafeRegExp;
  try {
    const source = args.type === 'regex' ? args.pattern : escapeRegExp(args.pattern);
    regex = compileSafeRegExp(source, args.case_sensitive === false ? 'i' : '');
  } catch (error) {
    return {
      ok: false,
      message: `Invalid regex "${args.pattern}": ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  const include = args.include_pattern ? picomatch(args.include_pattern, { dot: true, basename: true }) : () => true;
  const exclude = args.exclude_pattern ? picomatch(args.exclude_pattern, { dot: true, basename: true }) : () => false;
  const maxResults = args.max_results ?? 50;
  const context = args.context_lines ?? 2;
  const relative = (path: string) => path.slice(sandbox.root.length + 1);

  // A file as the path is searched as it is (listing a file is an error in some sandboxes).
  const files = (await sandbox.list(resolved.path, 64).catch(() => []))
    .filter((entry) => entry.kind === 'file')
    .map((entry) => entry.path);
  const single = files.length === 0 ? [resolved.path] : files;
  const groups: string[] = [];
  let matches = 0;
  for (const file of single) {
    const shown = relative(file) || file;
    if (!include(shown) || exclude(shown)) continue;
    const lines = (await sandbox.readFile(file)).split('\n');
    let lastPrinted = -1;
    let group: string[] = [];
    for (let index = 0; index < lines.length && matches < maxResults; index++) {
      if (!regex.test(lines[index])) continue;
      matches++;
      const from = Math.max(index - context, lastPrinted + 1);
      if (group.length > 0 && from > lastPrinted + 1) {
        groups.push(group.join('\n'));
        group = [];
      }
      for (let line = from; line <= Math.min(index + context, lines.length - 1); line++) {
        if (line === lines.length - 1 && lines[line] === '') break;
        group.push(
          `${shown}${line === index || regex.test(lines[line]) ? ':' : '-'}${line + 1}${line === index || regex.test(lines[line]) ? ':' : '-'}${lines[line]}`,
        );
        lastPrinted = line;
      }
    }
    if (group.length > 0) groups.push(group.join('\n'));
    if (matches >= maxResults) break;
  }
  if (matches === 0) return { ok: true, output: 'No matches.\n', matches };
  const truncated = matches >= maxResults ? `\n(stopped at max_results = ${maxResults})` : '';
  return { ok: true, output: `${groups.join('\n--\n')}${truncated}\n`, matches };
}
