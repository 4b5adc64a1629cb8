/*
 * What an MCP server asks the person while one of its tools runs (elicitation, form mode:
 * `elicitation/create` on the 2025 revisions, an `input_required` result on 2026-07-28), and
 * the answer — zod-free, for the run and the page.
 */

/** A question from the server: a message and the flat form it wants filled (MCP's restricted JSON Schema). */
export type McpInputRequest = { message: string; requestedSchema: Record<string, unknown> };

/** One answered field: MCP's elicitation takes strings, numbers, booleans and lists of strings. */
export type McpInputValue = string | number | boolean | string[];

/** The person's answer, as MCP's `ElicitResult` says it. */
export type McpInputAnswer =
  | { action: 'accept'; content: Record<string, McpInputValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** Most questions one call may ask; past it each is cancelled (a server asking for ever ends). */
export const MAX_MCP_INPUT_ROUNDS = 10;
/** Longest the playground's server waits for the person's answer, in ms; then the question is cancelled. */
export const MCP_INPUT_WAIT_MS = 10 * 60_000;
/** Longest message shown for a question. */
export const MAX_MCP_INPUT_MESSAGE = 4_000;
