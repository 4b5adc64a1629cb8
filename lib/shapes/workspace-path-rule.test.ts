import { describe, expect, it } from 'vitest';
import { workspacePathSchema } from './workspace-path';
import { WORKSPACE_PATH_MAX, workspacePathProblem } from './workspace-path-rule';

// The tools pane checks a state file with the rule; sessions and cases with the schema: they must agree.
const PATHS = [
  'db.json',
  'data/db.json',
  '/etc/passwd',
  '../outside.json',
  'a/../../b',
  'a/..',
  '..',
  'a..b/c',
  '.hidden/x',
  '',
  'x'.repeat(WORKSPACE_PATH_MAX),
  'x'.repeat(WORKSPACE_PATH_MAX + 1),
  `/${'x'.repeat(WORKSPACE_PATH_MAX + 1)}`,
];

describe('workspacePathProblem', () => {
  it.each(PATHS)('says what the schema says of %j', (path) => {
    const parsed = workspacePathSchema.safeParse(path);
    expect(workspacePathProblem(path)).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
  });

  it('refuses a path that leaves the workspace and accepts one inside it', () => {
    expect(workspacePathProblem('../x')).toBe('must be a relative path inside the workspace');
    expect(workspacePathProblem('/x')).toBe('must be a relative path inside the workspace');
    expect(workspacePathProblem('state/db.json')).toBeUndefined();
  });
});
