import type { CoreToolTraits } from './tool-traits';

const path = (description: string) => ({ type: 'string', description });

/**
 * Seed 002 §11's categories beyond the eight core tools, as tools the sandbox runs: file
 * management, directories, processes, git, tests, plus `ask_user` (answered by the person).
 * Data only: the handlers live in `run-toolset-tool.ts`.
 */
export const TOOLSET_DEFINITIONS = [
  {
    name: 'create_directory',
    description: 'Create a directory (and any missing parents) in the workspace.',
    parameters: {
      type: 'object',
      properties: { path: path('Directory to create, relative to the workspace') },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: 'move_file',
    description: 'Move or rename a file or directory inside the workspace.',
    parameters: {
      type: 'object',
      properties: {
        source: path('What to move'),
        destination: path('Where it goes (the new path, not a folder to drop it in)'),
        overwrite: { type: 'boolean', default: false, description: 'Replace the destination if it exists' },
      },
      required: ['source', 'destination'],
      additionalProperties: false,
    },
  },
  {
    name: 'copy_file',
    description: 'Copy a file or directory inside the workspace.',
    parameters: {
      type: 'object',
      properties: {
        source: path('What to copy'),
        destination: path('The path of the copy'),
        overwrite: { type: 'boolean', default: false, description: 'Replace the destination if it exists' },
      },
      required: ['source', 'destination'],
      additionalProperties: false,
    },
  },
  {
    name: 'delete_file',
    description: 'Delete a file, or a directory with everything in it when recursive is true.',
    parameters: {
      type: 'object',
      properties: {
        path: path('What to delete'),
        recursive: { type: 'boolean', default: false, description: 'Required to delete a directory' },
      },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: 'spawn_process',
    description:
      'Start a shell command in the background and return its process id at once (see list_processes, wait_process, kill_process).',
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The shell command to run' },
        working_directory: path('Directory to run it in (default: the workspace)'),
      },
      required: ['command'],
      additionalProperties: false,
    },
  },
  {
    name: 'list_processes',
    description: 'List the background processes started with spawn_process: id, command, running or exited.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'wait_process',
    description: 'Wait for a background process to exit and return its output and exit code.',
    parameters: {
      type: 'object',
      properties: {
        pid: { type: 'integer', minimum: 1, description: 'The process id spawn_process returned' },
        timeout_seconds: { type: 'integer', minimum: 1, maximum: 300, default: 30, description: 'How long to wait' },
      },
      required: ['pid'],
      additionalProperties: false,
    },
  },
  {
    name: 'kill_process',
    description: 'Stop a background process started with spawn_process.',
    parameters: {
      type: 'object',
      properties: { pid: { type: 'integer', minimum: 1, description: 'The process id' } },
      required: ['pid'],
      additionalProperties: false,
    },
  },
  {
    name: 'git',
    description:
      'Run a git command in the workspace (status, diff, log, add, commit, checkout, branch, init), where the sandbox has git.',
    parameters: {
      type: 'object',
      properties: {
        subcommand: {
          type: 'string',
          enum: ['status', 'diff', 'log', 'add', 'commit', 'checkout', 'branch', 'init'],
          description: 'The git subcommand',
        },
        args: {
          type: 'array',
          items: { type: 'string' },
          default: [],
          description: 'Further arguments, one per item (e.g. ["-m", "Fix the greeting"])',
        },
      },
      required: ['subcommand'],
      additionalProperties: false,
    },
  },
  {
    name: 'run_tests',
    description: "Run the project's tests and report whether they passed, with their output.",
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', default: 'npm test', description: 'The test command' },
        working_directory: path('Directory to run it in (default: the workspace)'),
        timeout_seconds: { type: 'integer', minimum: 1, maximum: 300, default: 120, description: 'Time limit' },
      },
      additionalProperties: false,
    },
  },
] as const;

export type ToolsetToolName = (typeof TOOLSET_DEFINITIONS)[number]['name'];

export const TOOLSET_TRAITS = {
  create_directory: { writesFiles: true, endsRun: false, onByDefault: false },
  move_file: { writesFiles: true, endsRun: false, onByDefault: false },
  copy_file: { writesFiles: true, endsRun: false, onByDefault: false },
  delete_file: { writesFiles: true, endsRun: false, onByDefault: false },
  spawn_process: { writesFiles: true, endsRun: false, onByDefault: false },
  list_processes: { writesFiles: false, endsRun: false, onByDefault: false },
  wait_process: { writesFiles: true, endsRun: false, onByDefault: false },
  kill_process: { writesFiles: true, endsRun: false, onByDefault: false },
  git: { writesFiles: true, endsRun: false, onByDefault: false },
  run_tests: { writesFiles: true, endsRun: false, onByDefault: false },
} as const satisfies Record<ToolsetToolName, CoreToolTraits>;

export function isToolsetToolName(name: string): name is ToolsetToolName {
  return TOOLSET_DEFINITIONS.some((definition) => definition.name === name);
}
