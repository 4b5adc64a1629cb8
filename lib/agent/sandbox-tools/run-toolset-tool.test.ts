import { beforeEach, describe, expect, it } from 'vitest';
import { runToolCall } from '../run-tool-call';
import { messageOf, resultOf, sandboxTools } from '../../../testing/sandbox-tools';
import { createOfflineSandbox } from '../../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../../shapes/example-files';
import type { Sandbox } from '../../sandbox/sandbox';
import { CORE_TOOL_DEFINITIONS } from '../../shapes/core-tool-definitions';
import { createSchemaChecker } from '../../tools/create-schema-checker';
import { quoteForShell } from './run-toolset-tool';
import { TOOL_TEMPLATES } from '../../tools/tool-templates';
import { checkToolsetCoverage } from '../../tools/toolset-coverage';
import { TOOLSET_DEFINITIONS } from '../../shapes/toolset-definitions';

const tools = sandboxTools([...CORE_TOOL_DEFINITIONS, ...TOOLSET_DEFINITIONS]);
const checker = createSchemaChecker();
let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await createOfflineSandbox(EXAMPLE_FILES);
});
const run = (toolName: string, input: unknown) =>
  runToolCall({ call: { toolName, input }, tools, getSandbox: async () => sandbox, checker });
const result = resultOf;
const message = messageOf;

describe('the seed 002 §11 toolset in the sandbox', () => {
  it('create_directory makes a directory and reports DirectoryCreated; bash mkdir is observed too', async () => {
    const made = result(await run('create_directory', { path: 'build/out' }));
    expect(made?.output).toBe('Created build/out/.');
    expect(made?.state_changes).toEqual([
      { type: 'DirectoryCreated', path: 'build' },
      { type: 'DirectoryCreated', path: 'build/out' },
    ]);
    const viaBash = result(await run('bash', { command: 'mkdir -p logs/today' }));
    expect(viaBash?.state_changes).toEqual([
      { type: 'DirectoryCreated', path: 'logs' },
      { type: 'DirectoryCreated', path: 'logs/today' },
    ]);
  });

  it('move_file, copy_file and delete_file work on files and directories, and refuse what would lose data', async () => {
    expect(result(await run('copy_file', { source: 'src', destination: 'backup/src' }))?.output).toBe(
      'Copied directory src to backup/src.',
    );
    expect(await sandbox.readFile(`${sandbox.root}/backup/src/greet.js`)).toContain('greet');
    const moved = result(await run('move_file', { source: 'notes/todo.txt', destination: 'todo.txt' }));
    expect(moved?.state_changes).toEqual(
      expect.arrayContaining([
        { type: 'FileCreated', path: 'todo.txt' },
        { type: 'FileDeleted', path: 'notes/todo.txt' },
      ]),
    );
    expect(message(await run('copy_file', { source: 'README.md', destination: 'todo.txt' }))).toContain(
      "'todo.txt' already exists; pass overwrite: true to replace it.",
    );
    expect(message(await run('delete_file', { path: 'backup' }))).toContain('pass recursive: true');
    expect(result(await run('delete_file', { path: 'backup', recursive: true }))?.output).toBe(
      'Deleted directory backup.',
    );
    expect(message(await run('delete_file', { path: 'nope.txt' }))).toBe(
      "Error: 'nope.txt' not found.\nVerify the path/resource exists before attempting to access it.",
    );
    expect(message(await run('move_file', { source: 'src', destination: 'src/inner' }))).toContain('is inside');
    expect(message(await run('delete_file', { path: '../etc' }))).toMatch(/^Error: Permission denied for '..\/etc'/);
  });

  it('spawn_process runs in the background; list, wait and kill see it; each start and end is a state change', async () => {
    const started = result(await run('spawn_process', { command: 'echo hello from the background' }));
    expect(started?.output).toBe('Started process 1: echo hello from the background');
    expect(started?.state_changes).toContainEqual({
      type: 'ProcessStarted',
      pid: 1,
      command: 'echo hello from the background',
    });
    const waited = result(await run('wait_process', { pid: 1 }));
    expect(waited?.output).toContain('hello from the background');
    expect(waited?.state_changes).toContainEqual({ type: 'ProcessTerminated', pid: 1, exit_code: 0 });

    await run('spawn_process', { command: 'sleep 30' });
    expect(result(await run('list_processes', {}))?.output).toMatch(
      /1\texited \(exit 0\)\techo hello.*\n2\trunning\tsleep 30/s,
    );
    const killed = result(await run('kill_process', { pid: 2 }));
    expect(killed?.state_changes).toContainEqual({ type: 'ProcessTerminated', pid: 2, exit_code: null });
    expect(message(await run('wait_process', { pid: 9 }))).toContain("'process 9' not found.");
  });

  it('git and run_tests say plainly when the sandbox lacks the program', async () => {
    expect(message(await run('git', { subcommand: 'status' }))).toContain(
      'git is not available in this sandbox (the offline bash emulation has none)',
    );
    expect(message(await run('run_tests', {}))).toContain(
      "'npm' is not available in the offline sandbox; switch the sandbox to WebContainer",
    );
    expect(quoteForShell("it's; rm -rf /")).toBe("'it'\\''s; rm -rf /'");
  });

  it('the coverage check lists what the tool list covers and lacks (seed 002 §11.4)', () => {
    const core = checkToolsetCoverage(CORE_TOOL_DEFINITIONS.map((definition) => definition.name));
    expect(core.covered).toBe(6);
    expect(core.categories.filter((category) => category.present.length === 0).map((category) => category.id)).toEqual([
      'process',
      'git',
      'testing',
      'network',
    ]);
    expect(core.categories.find((category) => category.id === 'files')?.missingRequired).toEqual([
      'create_file',
      'delete_file',
    ]);
    const everything = checkToolsetCoverage(
      TOOL_TEMPLATES.filter((template) => template.group !== 'Teaching examples (mock)').map(
        (template) => template.definition.name,
      ),
    );
    expect(everything.covered).toBe(10);
    expect(everything.coveragePercent).toBe(100);
  });
});
