import { z } from 'zod';
import { WORKSPACE_PATH_MAX, WORKSPACE_PATH_PATTERN, WORKSPACE_PATH_PROBLEM } from './workspace-path-rule';

/** A path inside the workspace, relative (the sandbox's files are keyed so): no leading `/`, no `..` step. */
export const workspacePathSchema = z
  .string()
  .regex(WORKSPACE_PATH_PATTERN, WORKSPACE_PATH_PROBLEM)
  .max(WORKSPACE_PATH_MAX, `must be at most ${WORKSPACE_PATH_MAX} characters`);
