import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../../shapes/example-files';
import { type SearchArgs, searchWorkspace } from './search-workspace';

/**
 * The `search` tool reads as grep does (`file:line:text`, context `file-line-text`, groups
 * split by `--`): GNU grep, run on the same files, is the reference.
 */
const FILES: Record<string, string> = {
  ...EXAMPLE_FILES,
  'notes/many.txt': Array.from({ length: 30 }, (_, index) =>
    index % 7 === 0 ? `TODO item ${index} (a.b)` : `line ${index} todo? ${index % 3 === 0 ? 'a.b' : 'axb'}`,
  ).join('\n'),
  'src/last.js': 'const a = 1;\n// TODO: finish\n',
};
const folder = mkdtempSync(join(tmpdir(), 'search-grep-'));
for (const [path, text] of Object.entries(FILES)) {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), text);
}
const sorted = Object.keys(FILES).sort();

/** GNU grep over the files, in the order the tool reads them (sorted paths), with the tool's options. */
function grep(args: SearchArgs): string {
  const flags = ['-n', `-C${args.context_lines ?? 2}`, args.type === 'regex' ? '-E' : '-F'];
  if (args.case_sensitive === false) flags.push('-i');
  const files = sorted.filter((path) => path.startsWith(args.path && args.path !== '.' ? `${args.path}/` : ''));
  const picked = files.filter((path) => {
    const base = path.split('/').at(-1) ?? path;
    const glob = (pattern: string | undefined) =>
      pattern !== undefined && new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(base);
    return (args.include_pattern === undefined || glob(args.include_pattern)) && !glob(args.exclude_pattern);
  });
  // -H: the file name even for one file, as the tool writes it.
  const run = spawnSync('grep', ['-H', ...flags, '--', args.pattern, ...picked], { cwd: folder, encoding: 'utf8' });
  return run.stdout === '' ? 'No matches.\n' : run.stdout;
}

const sandbox = await createOfflineSandbox(FILES);
const search = async (args: SearchArgs) => {
  const outcome = await searchWorkspace(sandbox, args);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.output;
};

describe('search, against GNU grep', () => {
  it.each<SearchArgs>([
    { pattern: 'TODO' },
    { pattern: 'todo', case_sensitive: false },
    { pattern: 'todo', case_sensitive: true },
    { pattern: 'a.b' },
    { pattern: 'a.b', type: 'regex' },
    { pattern: 'item [0-9]+', type: 'regex' },
    { pattern: 'TODO', context_lines: 0 },
    { pattern: 'TODO', context_lines: 1 },
    { pattern: 'TODO', context_lines: 4 },
    { pattern: 'line 1', context_lines: 3 },
    { pattern: 'TODO', include_pattern: '*.txt' },
    { pattern: 'TODO', exclude_pattern: '*.txt' },
    { pattern: 'TODO', path: 'notes' },
    { pattern: 'e', path: 'src', context_lines: 0 },
    { pattern: 'nothing like this' },
  ])('%j', async (args) => {
    expect(await search({ max_results: 1_000, ...args })).toBe(grep(args));
  });

  it('stops at max_results across files and says so; a missing path and a bad pattern are sentences', async () => {
    const output = await search({ pattern: 'TODO', max_results: 2, context_lines: 0 });
    expect(output.trim().split('\n')).toEqual([
      'notes/many.txt:1:TODO item 0 (a.b)',
      '--',
      'notes/many.txt:8:TODO item 7 (a.b)',
      '(stopped at max_results = 2)',
    ]);
    expect(await searchWorkspace(sandbox, { pattern: 'x', path: 'nope' })).toEqual({
      ok: false,
      message: "'nope' not found.",
    });
    expect(await searchWorkspace(sandbox, { pattern: '(?=x)', type: 'regex' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Invalid regex "\(\?=x\)": /),
    });
    expect(await searchWorkspace(sandbox, { pattern: 'x', path: '../etc' })).toMatchObject({ ok: false });
    // One file as the path: searched as it is.
    expect(await search({ pattern: 'TODO', path: 'src/last.js', context_lines: 0 })).toBe(
      'src/last.js:2:// TODO: finish\n',
    );
  });
});
