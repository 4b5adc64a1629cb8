import { z } from 'zod';

/** A path inside the workspace, relative (the sandbox's files are keyed so): no leading `/`, no `..` step. */
export const workspacePathSchema = z
  .string()
  .regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$)).+$/, 'must be a relative path inside the workspace')
  .max(500);
