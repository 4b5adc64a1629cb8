// The rule for a path inside the workspace, without zod: the tools pane checks a handler's state
// file as it is typed, and the first screen's later parts load no schema library
// (docs/decisions/first-load.md). `workspace-path.ts` builds the schema from the same rule.

/** No leading `/`, no `..` step, not empty. */
export const WORKSPACE_PATH_PATTERN = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$)).+$/;
export const WORKSPACE_PATH_MAX = 500;
export const WORKSPACE_PATH_PROBLEM = 'must be a relative path inside the workspace';

/** What is wrong with `path` as a workspace path (the schema's message), or undefined. */
export function workspacePathProblem(path: string): string | undefined {
  if (!WORKSPACE_PATH_PATTERN.test(path)) return WORKSPACE_PATH_PROBLEM;
  return path.length > WORKSPACE_PATH_MAX ? `must be at most ${WORKSPACE_PATH_MAX} characters` : undefined;
}
