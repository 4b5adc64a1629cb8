/** When a tool call needs the person's approval before it runs. */
export const APPROVAL_POLICIES = {
  'run-everything': 'Run everything',
  'ask-every-call': 'Ask before every call',
  'ask-bash-and-writes': 'Ask before bash and writes',
  'ask-destructive': 'Ask before destructive tools',
} as const satisfies Record<string, string>;

export type ApprovalPolicy = keyof typeof APPROVAL_POLICIES;

/** How the person answered a call that asked for approval (kept with the session). */
export const APPROVAL_RECORDS = ['approved', 'edited', 'rejected'] as const;
export type ApprovalRecord = (typeof APPROVAL_RECORDS)[number];
