/*
 * What a tool may be, apart from the zod schemas in `tool-spec.ts`: the editor and the page's
 * first load use these, and zod is not part of that load (see docs/decisions/first-load.md).
 */

/** Names every major provider accepts (OpenAI and Anthropic are the strictest). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A name as the providers take it: BFCL's dotted names (`math.factorial`) with "_" for "."
 * (what BFCL itself sends to OpenAI, Anthropic and Gemini). Evals grade a call to it by either.
 */
export const providerSafeToolName = (name: string) => name.replaceAll('.', '_');

/**
 * Longest a JavaScript handler may run before it is stopped, in ms: short enough that a
 * handler filling memory is stopped before it can take the tab down with it (60 s was not).
 */
export const MAX_HANDLER_TIMEOUT_MS = 15_000;

/** Longest an MCP server's call may go without a word (progress restarts the clock), in ms. */
export const MAX_MCP_TIMEOUT_MS = 10 * 60_000;
/** An MCP tool's limit until the person changes it (the MCP SDK's own default), in ms. */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
