import { coreToolTraits } from '../tools/core-tool-definitions';

/** When a tool call needs the person's approval before it runs. */
export const APPROVAL_POLICIES = {
  'run-everything': 'Run everything',
  'ask-every-call': 'Ask before every call',
  'ask-bash-and-writes': 'Ask before bash and writes',
} as const satisfies Record<string, string>;

export type ApprovalPolicy = keyof typeof APPROVAL_POLICIES;

/** Whether `policy` stops a call to `toolName` for approval. */
export function needsApproval(policy: ApprovalPolicy, toolName: string): boolean {
  if (policy === 'ask-every-call') return true;
  // bash runs commands and can change files; the others change files.
  if (policy === 'ask-bash-and-writes') return coreToolTraits(toolName).writesFiles;
  return false;
}

/** How the person answered a call that asked for approval (kept with the session). */
export const APPROVAL_RECORDS = ['approved', 'edited', 'rejected'] as const;
export type ApprovalRecord = (typeof APPROVAL_RECORDS)[number];
