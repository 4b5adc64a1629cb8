import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { formatBytes, INPUT_LIMITS } from '../limits/input-limits';
import { EXAMPLE_FILES } from '../shapes/example-files';
import type { SandboxFiles } from '../shapes/sandbox-status';
import { pickSessionData } from '../session/session-file';
import { measureLzOutput } from './measure-lz-output';
import type { ParsedSession, SessionData } from '../session/session-schema';
import { formatToolSource } from '../shapes/tool-source';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import type { ToolDraft } from '../shapes/tool-spec';
import { findJsonNesting } from '../limits/text-nesting';
import { SHARE_PREFIX } from './share-prefix';

export { SHARE_PREFIX };

/** Longest link worth offering (chat apps and mail clients cut longer ones). */
export const MAX_SHARE_LINK_CHARS = 64_000;
/** Longest fragment the decoder looks at (links are made up to 64 KB; some room for other makers). */
const MAX_FRAGMENT_CHARS = 256_000;

/** A core tool left exactly as its template, sent by name. */
type CoreToolReference = { core: string; id: string; enabled: boolean };
type LinkPayload = Omit<SessionData, 'tools' | 'files' | 'startingFiles'> & {
  tools: (ToolDraft | CoreToolReference)[];
  /** Absent when the files are the starting files. */
  files?: SandboxFiles;
  startingFiles: SandboxFiles | 'example';
};

const coreSources = new Map<string, string>(
  CORE_TOOL_DEFINITIONS.map((definition) => [definition.name, formatToolSource(definition)]),
);
const sameFiles = (a: SandboxFiles, b: SandboxFiles) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The session without what the receiving playground already knows (unchanged core tools, the example files). */
function compact(session: SessionData): LinkPayload {
  const { tools, files, startingFiles, ...rest } = pickSessionData(session);
  return {
    ...rest,
    tools: tools.map((tool) => {
      const core = [...coreSources].find(([, source]) => source === tool.source)?.[0];
      return core && tool.run.kind === 'sandbox' ? { core, id: tool.id, enabled: tool.enabled } : tool;
    }),
    ...(sameFiles(files, startingFiles) ? {} : { files }),
    startingFiles: sameFiles(startingFiles, EXAMPLE_FILES) ? 'example' : startingFiles,
  };
}

function expand(payload: LinkPayload): unknown {
  const startingFiles = payload.startingFiles === 'example' ? EXAMPLE_FILES : payload.startingFiles;
  return {
    ...payload,
    tools: payload.tools.map((tool) => {
      if (!('core' in tool)) return tool;
      const source = coreSources.get(tool.core);
      if (!source) throw new Error(`it names a core tool "${tool.core}" this playground does not have`);
      return { id: tool.id, source, enabled: tool.enabled, run: { kind: 'sandbox' } };
    }),
    files: payload.files ?? startingFiles,
    startingFiles,
  };
}

/** The session as a link carries it (compacted, never keys): the text a fragment link compresses and a short link encrypts. */
export function linkPayloadText(session: SessionData): string {
  return JSON.stringify(compact(session));
}

/**
 * Reads a link's payload text back into a session, strictly (the same checks for a fragment
 * link and a short link); `damaged` words what is wrong.
 */
export async function readLinkPayloadText(
  json: string,
  damaged: (why: string) => ParsedSession,
): Promise<ParsedSession> {
  const deep = findJsonNesting(json);
  if (deep) return damaged(deep.message);
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return damaged('its data is damaged or cut short');
  }
  if (typeof payload !== 'object' || payload === null || !Array.isArray((payload as LinkPayload).tools))
    return damaged('it does not hold a session');
  const { parseSessionData } = await import('../session/session-schema');
  const parsed = parseSessionData(expand(payload as LinkPayload));
  return parsed.ok
    ? parsed
    : damaged(parsed.message.replace(/^Not a valid session: /, 'the session in it is not valid: ').replace(/\.$/, ''));
}

export type ShareLink = { ok: true; url: string; chars: number } | { ok: false; chars: number; message: string };

/**
 * A link that carries the whole session — tools, settings, messages, files — compressed in
 * the URL fragment, which browsers never send to a server. Keys are not in a session, so
 * they are never in a link.
 */
export function makeShareLink(session: SessionData, pageUrl: string): ShareLink {
  const linkTo = (shared: SessionData) =>
    `${pageUrl.split('#')[0]}${SHARE_PREFIX}${compressToEncodedURIComponent(linkPayloadText(shared))}`;
  let url = linkTo(session);
  // Eval results travel without their runs' conversations when those make the link too long.
  if (url.length > MAX_SHARE_LINK_CHARS && session.evals.runs.some((run) => run.messages.length > 0))
    url = linkTo({
      ...session,
      evals: { ...session.evals, runs: session.evals.runs.map((run) => ({ ...run, messages: [] })) },
    });
  if (url.length > MAX_SHARE_LINK_CHARS) {
    return {
      ok: false,
      chars: url.length,
      message: `This session makes a ${(url.length / 1000).toFixed(0)} KB link, too long to share reliably as a link (at most ${MAX_SHARE_LINK_CHARS / 1000} KB).`,
    };
  }
  return { ok: true, url, chars: url.length };
}

/**
 * Reads a share link's fragment strictly. Never throws: a damaged, truncated, tampered or
 * oversized link gets one sentence saying so. The session schema (zod) loads on first use.
 */
export async function readShareFragment(fragment: string): Promise<ParsedSession> {
  const damaged = (why: string): ParsedSession => ({
    ok: false,
    message: `This share link cannot be opened: ${why}. Ask for a new link, or for the session file.`,
  });
  try {
    if (!fragment.startsWith(SHARE_PREFIX))
      return damaged('it is not a Tool Playground share link (or it was made by a newer version)');
    const data = fragment.slice(SHARE_PREFIX.length);
    if (data.length > MAX_FRAGMENT_CHARS)
      return damaged(`it is too long (${data.length.toLocaleString('en')} characters)`);
    // Measured before inflating: a few KB can be crafted to unpack to gigabytes.
    const measured = measureLzOutput(data, INPUT_LIMITS.maxSessionChars);
    if (measured.kind === 'too-large')
      return damaged(`it unpacks to more than ${formatBytes(INPUT_LIMITS.maxSessionChars)}`);
    if (measured.kind === 'damaged') return damaged('its data is damaged or cut short');
    const json = decompressFromEncodedURIComponent(data);
    if (!json) return damaged('its data is damaged or cut short');
    return await readLinkPayloadText(json, damaged);
  } catch (error) {
    return damaged(error instanceof Error ? error.message : 'it could not be read');
  }
}
