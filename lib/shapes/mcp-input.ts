/*
 * What an MCP server asks the person while one of its tools runs (elicitation, form mode:
 * `elicitation/create` on the 2025 revisions, an `input_required` result on 2026-07-28), and
 * the answer — zod-free, for the run and the page.
 */

/**
 * A question from the server: a message and the flat form it wants filled (MCP's restricted JSON
 * Schema) — or, in URL mode, a page the person is asked to open (a sign-in, a payment), whose
 * answer is only whether they agreed to go; the form is then empty.
 */
export type McpInputRequest = { message: string; requestedSchema: Record<string, unknown>; url?: string };

/** Longest address a URL-mode question may carry. */
export const MAX_MCP_INPUT_URL = 2_048;

/**
 * The address of a URL-mode question, as the person will be shown it: an absolute http(s) URL
 * without credentials, at most `MAX_MCP_INPUT_URL` long; undefined for anything else (the
 * question is then declined without being shown).
 */
export function readInputUrl(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length > MAX_MCP_INPUT_URL || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
  return url.href;
}

/** One answered field: MCP's elicitation takes strings, numbers, booleans and lists of strings. */
export type McpInputValue = string | number | boolean | string[];

/** The person's answer, as MCP's `ElicitResult` says it. */
export type McpInputAnswer =
  | { action: 'accept'; content: Record<string, McpInputValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/**
 * A question an MCP server asked while a tool ran, as the session keeps it (the graph, the
 * Sequence view, links): what it asked, the page it asked the person to open, how the person
 * answered and which fields they filled — the names, never the values (a form may have asked for
 * something the person would not put in a link).
 */
export type McpInputRecord = {
  message: string;
  url?: string;
  action: McpInputAnswer['action'];
  fields?: string[];
};

/** Most questions one call may ask; past it each is cancelled (a server asking for ever ends). */
export const MAX_MCP_INPUT_ROUNDS = 10;
/** Longest the playground's server waits for the person's answer, in ms; then the question is cancelled. */
export const MCP_INPUT_WAIT_MS = 10 * 60_000;
/** Longest message shown for a question. */
export const MAX_MCP_INPUT_MESSAGE = 4_000;
/** Longest message a session keeps of a question (the graph shows a line of it). */
export const MAX_MCP_INPUT_RECORD_MESSAGE = 500;
/** Most field names a session keeps of one answer. */
export const MAX_MCP_INPUT_RECORD_FIELDS = 50;
