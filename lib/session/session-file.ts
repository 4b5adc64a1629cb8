import { SESSION_FILE_KIND, SESSION_FORMAT_VERSION } from './session-format';
import type { ParsedSession, SessionData } from './session-schema';
import { referencedSentValues } from './referenced-sent-values';
import { findJsonNesting } from '../limits/text-nesting';
/** Largest session file read, in characters. */
export const MAX_SESSION_FILE_CHARS = 20_000_000;

/** The persisted part of a session, out of the store's state (view and run state left behind). */
export function pickSessionData(state: SessionData): SessionData {
  return {
    version: state.version,
    tools: state.tools,
    settings: state.settings,
    messages: state.messages,
    files: state.files,
    startingFiles: state.startingFiles,
    sandboxChoice: state.sandboxChoice,
    approvals: state.approvals,
    mcpInputs: state.mcpInputs,
    improvements: state.improvements,
    outcomes: state.outcomes,
    durations: state.durations,
    interceptors: state.interceptors,
    executor: state.executor,
    interceptions: state.interceptions,
    mcpServers: state.mcpServers,
    evals: state.evals,
    stepSamples: state.stepSamples,
    replays: state.replays,
    compatProbes: state.compatProbes,
    // Only what a step of the session was sent with (a deleted branch's leave with it).
    sentValues: referencedSentValues(state),
    activeBranch: state.activeBranch,
    branches: state.branches,
    ...(state.lesson ? { lesson: state.lesson } : {}),
    ...(state.viewedNodeId ? { viewedNodeId: state.viewedNodeId } : {}),
  };
}

/** A session file: versioned JSON, pretty enough to read and diff. Never holds keys (the session has none). */
export function serializeSessionFile(session: SessionData): string {
  return `${JSON.stringify({ kind: SESSION_FILE_KIND, version: SESSION_FORMAT_VERSION, session: pickSessionData(session) }, null, 2)}\n`;
}

/**
 * Reads a session file strictly; every way it can be wrong gets its own sentence. The schema
 * (zod) loads on first use: it is not part of the page's first load.
 */
export async function parseSessionFile(text: string): Promise<ParsedSession> {
  if (text.length > MAX_SESSION_FILE_CHARS)
    return {
      ok: false,
      message: `The file is too large (${text.length.toLocaleString('en')} characters; at most ${MAX_SESSION_FILE_CHARS.toLocaleString('en')}).`,
    };
  const deep = findJsonNesting(text);
  if (deep) return { ok: false, message: `The file cannot be read: ${deep.message}.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The file is not JSON: ${error instanceof Error ? error.message : String(error)}.` };
  }
  const file = value as { kind?: unknown; version?: unknown; session?: unknown } | null;
  if (typeof file !== 'object' || file === null || file.kind !== SESSION_FILE_KIND)
    return { ok: false, message: 'This is not a Tool Playground session file (its "kind" is missing or different).' };
  if (typeof file.version !== 'number' || file.version > SESSION_FORMAT_VERSION) {
    return {
      ok: false,
      message: `This session file has format version ${String(file.version)}; this playground reads version ${SESSION_FORMAT_VERSION}. Update the playground to open it.`,
    };
  }
  const { parseSessionData } = await import('./session-schema');
  return parseSessionData(file.session);
}
