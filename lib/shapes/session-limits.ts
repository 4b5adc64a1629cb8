/*
 * Every bound a saved session is read back under, as one constant each: the session schema
 * (zod) checks them on the way in, and the store's actions keep to them on the way out, so a
 * session the playground wrote always reads back. Plain numbers: the page's first load (the
 * store) uses them, and zod is not part of that load.
 */
export const SESSION_LIMITS = {
  /** The person's own interceptors. */
  interceptors: 20,
  interceptorNameChars: 60,
  interceptorCodeChars: 20_000,
  /** What interceptors did to one call (the newest are kept). */
  interceptionsPerCall: 40,
  interceptionDetailChars: 500,
  /** MCP servers one session uses at once (the server holds as many connections per tab). */
  mcpServers: 16,
  /** An MCP tool's own name on its server (a tool with a longer one is left out of the list). */
  mcpToolNameChars: 200,
  branchLabelChars: 100,
  /** What `Tool from code` noted on a tool it made (what the code said that JSON Schema cannot). */
  toolNotes: 20,
  toolNoteChars: 500,
  /** The longest a call's recorded duration may be (a day); longer is kept as this. */
  toolDurationMs: 86_400_000,
  evalCases: 500,
  /** Calls one case expects. */
  evalExpectedCalls: 20,
  evalVariants: 8,
  evalVariantTools: 256,
  evalConfigs: 8,
  evalNameChars: 100,
  evalRepeats: 20,
  evalConcurrency: 8,
  /** Runs one grid keeps (the runner refuses a larger grid up front). */
  evalRuns: 5_000,
  /** Earlier grids a session keeps for `Compare runs`, and how many of the newest keep their runs besides the last. */
  evalHistory: 20,
  evalHistoryWithRuns: 2,
  evalFailuresPerRun: 50,
  evalMessageChars: 2_000,
  evalRunMessages: 200,
  evalCaseIdChars: 200,
  modelIdChars: 200,
  baseUrlChars: 2_000,
  systemChars: 50_000,
  scriptSteps: 100,
  maxSteps: 100,
  /** The simulated model's largest seed. */
  seedMax: 2_147_483_647,
  /** Samples kept of one step (`Sample this step`), and of the whole session. */
  stepSamples: 200,
  sessionSamples: 2_000,
  /** Sample sets (the step as sent, and each variant) kept of one step. */
  stepSamplings: 8,
  sampleTextChars: 2_000,
  sampleErrorChars: 500,
  sampleCallsEach: 20,
  /** Distinct tools and setting values the session's steps were sent with (kept by fingerprint). */
  sentValues: 5_000,
  /** `Probe with my key` answers kept (the newest per tool and target). */
  compatProbes: 400,
  /** Branches made by a replay that keep what they replayed, and the paths one divergence names. */
  replays: 100,
  replayPaths: 50,
  /** A lesson's stops, and what one may carry. */
  lessonStops: 60,
  lessonNoteChars: 2_000,
  lessonQuestionChars: 500,
  lessonChoices: 8,
  lessonChoiceChars: 300,
  lessonNodeIdChars: 300,
} as const;

/** What an action that adds something answers: the new thing's id, or why it was refused (a sentence for the person). */
export type Added = { ok: true; id: string } | { ok: false; message: string };

/** Text cut to `max` characters, ending in "…" when it was cut. */
export function clipToLimit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A whole number held within [min, max] (NaN gives min). */
export function clampWhole(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Why one more MCP server cannot join the session, if it cannot (one it already uses can always reconnect). */
export function mcpServerRefusal(servers: readonly { url: string }[], url: string): string | undefined {
  if (servers.some((server) => server.url === url) || servers.length < SESSION_LIMITS.mcpServers) return undefined;
  return `A session uses at most ${SESSION_LIMITS.mcpServers} MCP servers: remove one in the Tools pane to connect another.`;
}
