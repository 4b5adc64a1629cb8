/**
 * The core tools of seed 002 §3.2, with their schemas exactly as the seed gives them.
 * These are data: the sandbox handlers live in `run-core-tool.ts`.
 */
export const CORE_TOOL_DEFINITIONS = [
  {
    name: 'bash',
    description:
      'Execute a shell command in the container environment. Returns stdout, stderr, and exit code.',
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
    description:
      'Read the contents of a file. Supports reading entire files or specific line ranges.',
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
    description:
      "Write content to a file. Creates the file if it doesn't exist, overwrites if it does.",
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
] as const;

export type CoreToolName = (typeof CORE_TOOL_DEFINITIONS)[number]['name'];

/** Whether a tool name is one the sandbox knows how to run. */
export function isCoreToolName(name: string): name is CoreToolName {
  return CORE_TOOL_DEFINITIONS.some((definition) => definition.name === name);
}
