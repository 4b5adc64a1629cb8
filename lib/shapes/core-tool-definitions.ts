import type { CoreToolTraits } from './tool-traits';
import { isToolsetToolName, TOOLSET_TRAITS } from './toolset-definitions';

/**
 * The core tools of seed 002 §3.2, with their schemas exactly as the seed gives them, in
 * the seed's order.
 * These are data: the sandbox handlers live in `run-core-tool.ts`.
 */
export const CORE_TOOL_DEFINITIONS = [
  {
    name: 'bash',
    description: 'Execute a shell command in the container environment. Returns stdout, stderr, and exit code.',
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The shell command to execute' },
        working_directory: {
          type: 'string',
          description: 'Directory to execute the command in (default: current working directory)',
        },
        timeout_seconds: {
          type: 'integer',
          description: 'Maximum execution time in seconds',
          default: 30,
          minimum: 1,
          maximum: 300,
        },
        env: {
          type: 'object',
          description: 'Additional environment variables to set',
          additionalProperties: { type: 'string' },
        },
      },
      required: ['command'],
      additionalProperties: false,
    },
  },
  {
    name: 'read_file',
    description: 'Read the contents of a file. Supports reading entire files or specific line ranges.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Absolute or relative path to the file' },
        start_line: {
          type: 'integer',
          description: 'Start line number (1-indexed, inclusive)',
          minimum: 1,
        },
        end_line: {
          type: 'integer',
          description: 'End line number (1-indexed, inclusive)',
          minimum: 1,
        },
        encoding: {
          type: 'string',
          description: 'File encoding',
          default: 'utf-8',
          enum: ['utf-8', 'ascii', 'latin-1', 'utf-16'],
        },
      },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: 'write_file',
    description: "Write content to a file. Creates the file if it doesn't exist, overwrites if it does.",
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Absolute or relative path to the file' },
        content: { type: 'string', description: 'Content to write to the file' },
        create_directories: {
          type: 'boolean',
          description: "Create parent directories if they don't exist",
          default: true,
        },
        mode: {
          type: 'string',
          description: "Write mode: 'overwrite' or 'append'",
          default: 'overwrite',
          enum: ['overwrite', 'append'],
        },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
  },
  {
    name: 'edit_file',
    description: 'Edit a file by finding and replacing specific text. The old_content must match exactly.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path to the file to edit' },
        old_content: { type: 'string', description: 'Exact text to find and replace (must be unique in file)' },
        new_content: { type: 'string', description: 'Text to replace old_content with' },
        occurrence: {
          type: 'string',
          description: "Which occurrence to replace: 'first', 'last', or 'all'",
          default: 'first',
          enum: ['first', 'last', 'all'],
        },
      },
      required: ['path', 'old_content', 'new_content'],
      additionalProperties: false,
    },
  },
  {
    name: 'search',
    description: 'Search for text patterns in files. Supports regex and literal matching.',
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'Search pattern (regex or literal string)' },
        path: { type: 'string', description: 'File or directory path to search in', default: '.' },
        type: {
          type: 'string',
          description: "Pattern type: 'regex' or 'literal'",
          default: 'literal',
          enum: ['regex', 'literal'],
        },
        case_sensitive: { type: 'boolean', description: 'Enable case-sensitive matching', default: true },
        include_pattern: { type: 'string', description: "Glob pattern for files to include (e.g., '*.py')" },
        exclude_pattern: { type: 'string', description: "Glob pattern for files to exclude (e.g., 'node_modules/**')" },
        max_results: {
          type: 'integer',
          description: 'Maximum number of results to return',
          default: 50,
          minimum: 1,
          maximum: 1000,
        },
        context_lines: {
          type: 'integer',
          description: 'Number of context lines before and after match',
          default: 2,
          minimum: 0,
          maximum: 10,
        },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
  },
  {
    name: 'list_files',
    description: 'List files and directories in a path.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Directory path to list', default: '.' },
        recursive: { type: 'boolean', description: 'List files recursively', default: false },
        include_hidden: {
          type: 'boolean',
          description: 'Include hidden files (starting with .)',
          default: false,
        },
        pattern: { type: 'string', description: 'Glob pattern to filter results' },
        max_depth: {
          type: 'integer',
          description: 'Maximum recursion depth (only if recursive=true)',
          default: 10,
          minimum: 1,
        },
      },
      required: [],
      additionalProperties: false,
    },
  },
  {
    name: 'think',
    description: 'Record internal reasoning or planning. Does not execute any action, used for chain-of-thought.',
    parameters: {
      type: 'object',
      properties: { thought: { type: 'string', description: 'The reasoning or planning text to record' } },
      required: ['thought'],
      additionalProperties: false,
    },
  },
  {
    name: 'submit',
    description: 'Mark the task as complete and submit the final answer. This terminates the agent loop.',
    parameters: {
      type: 'object',
      properties: {
        answer: { type: 'string', description: 'Final answer or summary of work done' },
        confidence: { type: 'number', description: 'Confidence score (0.0 to 1.0)', minimum: 0.0, maximum: 1.0 },
      },
      required: [],
      additionalProperties: false,
    },
  },
] as const;

export type CoreToolName = (typeof CORE_TOOL_DEFINITIONS)[number]['name'];
export const CORE_TOOL_TRAITS = {
  bash: { writesFiles: true, endsRun: false, onByDefault: true },
  read_file: { writesFiles: false, endsRun: false, onByDefault: true },
  write_file: { writesFiles: true, endsRun: false, onByDefault: true },
  edit_file: { writesFiles: true, endsRun: false, onByDefault: true },
  search: { writesFiles: false, endsRun: false, onByDefault: true },
  list_files: { writesFiles: false, endsRun: false, onByDefault: true },
  think: { writesFiles: false, endsRun: false, onByDefault: true },
  submit: { writesFiles: false, endsRun: true, onByDefault: true },
} as const satisfies Record<CoreToolName, CoreToolTraits>;

/** The traits of a tool the sandbox knows (core or §11 toolset) by name; any other tool has none of them. */
export function coreToolTraits(name: string): CoreToolTraits {
  if (isCoreToolName(name)) return CORE_TOOL_TRAITS[name];
  if (isToolsetToolName(name)) return TOOLSET_TRAITS[name];
  return { writesFiles: false, endsRun: false, onByDefault: false };
}

/** Whether the sandbox can run a tool of this name: a core tool or one of the §11 toolset. */
export function isSandboxToolName(name: string): boolean {
  return isCoreToolName(name) || isToolsetToolName(name);
}

/** Whether a tool name is one the sandbox knows how to run. */
export function isCoreToolName(name: string): name is CoreToolName {
  return CORE_TOOL_DEFINITIONS.some((definition) => definition.name === name);
}
