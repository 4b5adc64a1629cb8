import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';

type Part = UIMessage['parts'][number];
export type AnyToolPart = ToolUIPart | DynamicToolUIPart;

/*
 * The AI SDK's `isToolUIPart` and `getToolName`, to the letter (`tool-parts.test.ts` checks
 * them against the package). Importing them from `ai` would bring its whole index, gateway
 * and zod included, into the page's first load (see docs/decisions/first-load.md); types cost nothing.
 */

/** Whether `part` is a tool call: `tool-<name>` or `dynamic-tool`. */
export function isToolUIPart(part: Part): part is AnyToolPart {
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}

/** The tool a tool part calls. */
export function getToolName(part: AnyToolPart): string {
  return part.type === 'dynamic-tool' ? part.toolName : part.type.split('-').slice(1).join('-');
}
