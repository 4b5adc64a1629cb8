/**
 * Seed 002 §11.2's ten categories, each with the tools the seed requires first and the names
 * §11.3 also counts (a tool counts for its category by name).
 */
export const TOOL_CATEGORIES = [
  { id: 'shell', label: 'Shell execution', required: ['bash', 'run_command'], also: ['python_exec', 'node_exec'] },
  {
    id: 'files',
    label: 'File operations',
    required: ['read_file', 'write_file', 'edit_file', 'create_file', 'delete_file'],
    also: ['append_file', 'patch_file', 'read_lines', 'head', 'tail', 'cat', 'rename_file'],
  },
  {
    id: 'directories',
    label: 'Directory operations',
    required: ['list_files', 'create_directory', 'delete_directory', 'move', 'copy'],
    also: ['move_file', 'copy_file', 'list_dir', 'mkdir', 'rmdir', 'tree'],
  },
  {
    id: 'search',
    label: 'Search & navigation',
    required: ['search', 'find_files', 'grep', 'glob'],
    also: ['find', 'ripgrep'],
  },
  {
    id: 'process',
    label: 'Process control',
    required: ['spawn_process', 'kill_process', 'wait', 'background'],
    also: ['list_processes', 'wait_process', 'spawn', 'kill', 'ps', 'signal'],
  },
  {
    id: 'git',
    label: 'Git',
    required: ['git_status', 'git_diff', 'git_commit', 'git_checkout', 'git_branch'],
    also: ['git', 'git_log', 'git_add', 'git_merge', 'git_stash'],
  },
  {
    id: 'testing',
    label: 'Testing',
    required: ['run_tests', 'check_syntax', 'lint', 'typecheck'],
    also: ['pytest', 'jest', 'format', 'syntax_check'],
  },
  {
    id: 'network',
    label: 'Network',
    required: ['http_request', 'download', 'upload'],
    also: ['http_get', 'http_post', 'curl', 'wget'],
  },
  { id: 'reasoning', label: 'Reasoning', required: ['think', 'plan', 'reflect'], also: ['summarize'] },
  { id: 'control', label: 'Control flow', required: ['submit', 'ask_user', 'abort'], also: ['retry', 'checkpoint'] },
] as const;

export type ToolCategoryId = (typeof TOOL_CATEGORIES)[number]['id'];

export type CategoryCoverage = {
  id: ToolCategoryId;
  label: string;
  /** The tools of the list that count for it. */
  present: string[];
  /** The seed's required tools of this category that the list lacks. */
  missingRequired: string[];
};

/** Seed 002 §11.4 `validate_completeness`: which categories a tool list covers, and the coverage in percent. */
export function checkToolsetCoverage(toolNames: readonly string[]): {
  categories: CategoryCoverage[];
  covered: number;
  coveragePercent: number;
} {
  const names = new Set(toolNames);
  const categories = TOOL_CATEGORIES.map((category) => ({
    id: category.id,
    label: category.label,
    present: [...category.required, ...category.also].filter((name) => names.has(name)),
    missingRequired: category.required.filter((name) => !names.has(name)),
  }));
  const covered = categories.filter((category) => category.present.length > 0).length;
  return { categories, covered, coveragePercent: Math.round((covered / categories.length) * 100) };
}
