import type { ApprovalPolicy } from '../shapes/approval';
import { coreToolTraits } from '../shapes/core-tool-definitions';
import type { McpToolAnnotations } from '../shapes/tool-spec';
/** What the policy knows of a tool: its name, and an MCP tool's annotations (`mcp` set for MCP tools). */
export type ApprovalSubject = { toolName: string; mcp?: { annotations?: McpToolAnnotations } };

/**
 * Whether an MCP tool may change or delete things, by MCP's defaults: a tool is assumed
 * destructive unless it says it is read-only or not destructive (annotations are hints from
 * the server, so only they can lower the guard).
 */
export function isDestructiveMcpTool(annotations: McpToolAnnotations | undefined): boolean {
  if (annotations?.readOnlyHint === true) return false;
  return annotations?.destructiveHint !== false;
}

/** Whether `policy` stops a call for approval. */
export function needsApproval(policy: ApprovalPolicy, { toolName, mcp }: ApprovalSubject): boolean {
  switch (policy) {
    case 'ask-every-call':
      return true;
    case 'ask-bash-and-writes':
      // bash runs commands and can change files; the others change files; an MCP tool may write unless it says it only reads.
      return mcp ? mcp.annotations?.readOnlyHint !== true : coreToolTraits(toolName).writesFiles;
    case 'ask-destructive':
      return mcp ? isDestructiveMcpTool(mcp.annotations) : coreToolTraits(toolName).writesFiles;
    default:
      return false;
  }
}
