/** Seed 002 §4's running example: "Read the main.py file" with one `read_file` tool. */
export const SEED_READ_FILE_TOOL = {
  name: 'read_file',
  description: 'Read the contents of a file',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string', description: 'Path to the file' } },
    required: ['path'],
  },
};
export const SEED_SYSTEM = 'You are a coding assistant...';
export const SEED_USER_TEXT = 'Read the main.py file';
