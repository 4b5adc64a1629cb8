import {
  MAX_MCP_INPUT_RECORD_FIELDS,
  MAX_MCP_INPUT_RECORD_MESSAGE,
  MAX_MCP_INPUT_ROUNDS,
  MAX_MCP_INPUT_URL,
  readInputUrl,
} from '../shapes/mcp-input';
import { z } from 'zod';
import { MAX_IMPROVEMENTS } from '../shapes/improvement-limits';
import { improvementRecordSchema } from '../shapes/improvement-record';
import { APPROVAL_RECORDS } from '../shapes/approval';
import { TOOL_OUTCOME_KINDS } from '../shapes/tool-outcome';
import { executorSettingsSchema, interceptionSchema, interceptorSchema } from '../shapes/interceptor-spec';
import { DEFAULT_EXECUTOR_SETTINGS } from '../shapes/interceptor-defaults';
import { SANDBOX_CHOICES } from '../shapes/sandbox-status';
import { checkJsonDepth } from '../limits/check-json-depth';
import { toolDraftSchema } from '../shapes/tool-spec';
import { mcpServerRecordSchema } from '../shapes/mcp-server-record';
import { SESSION_LIMITS } from '../shapes/session-limits';
import { runSettingsSchema } from '../shapes/run-settings';
import { SESSION_FORMAT_VERSION } from './session-format';
import { uiMessageShapeSchema } from '../shapes/ui-message-shape';
import { sessionEvalsSchema } from '../shapes/evals-schema';
import { lessonSchema } from '../shapes/lesson';
import { stepSamplesSchema } from '../shapes/step-samples-schema';
import { EMPTY_EVALS } from '../shapes/eval-defaults';
import { firstIssue } from '../limits/first-issue';
import { COMPAT_TARGETS } from '../shapes/compat';
import { WORKSPACE_PATH_PATTERN, WORKSPACE_PATH_PROBLEM } from '../shapes/workspace-path-rule';

export { uiMessageShapeSchema };

/** Files by relative path; no absolute paths, no `..` segments. */
const sandboxFilesSchema = z.record(z.string().regex(WORKSPACE_PATH_PATTERN, WORKSPACE_PATH_PROBLEM), z.string());

/** What a session is, apart from view state: tools as typed, run settings, messages. */
export const sessionDataSchema = z.object({
  version: z.literal(SESSION_FORMAT_VERSION),
  tools: z.array(toolDraftSchema),
  settings: runSettingsSchema,
  messages: z.array(uiMessageShapeSchema),
  /** The sandbox's files now, keyed by path relative to its root. */
  files: sandboxFilesSchema,
  /** What "Reset files" goes back to. */
  startingFiles: sandboxFilesSchema,
  sandboxChoice: z.enum(SANDBOX_CHOICES),
  /** How the person answered each call that asked for approval, by tool_call_id. */
  approvals: z.record(z.string(), z.enum(APPROVAL_RECORDS)),
  /** How each finished call ended, by tool_call_id (sessions from before 0.6 have none). */
  outcomes: z.record(z.string(), z.enum(TOOL_OUTCOME_KINDS)).default({}),
  /** How long each finished call ran, in ms, by tool_call_id (sessions from before 0.19 have none). */
  durations: z.record(z.string(), z.number().min(0).max(SESSION_LIMITS.toolDurationMs)).default({}),
  /** The person's own interceptors, in the order they run (sessions from before 0.10 have none). */
  interceptors: z.array(interceptorSchema).max(SESSION_LIMITS.interceptors).default([]),
  executor: executorSettingsSchema.default(DEFAULT_EXECUTOR_SETTINGS),
  /** The questions MCP servers asked while each call ran, and how the person answered, by tool_call_id (before 0.39: none). */
  mcpInputs: z
    .record(
      z.string().max(200),
      z
        .array(
          z.object({
            message: z.string().max(MAX_MCP_INPUT_RECORD_MESSAGE),
            url: z
              .string()
              .max(MAX_MCP_INPUT_URL)
              .refine((url) => readInputUrl(url) === url, 'must be an http(s) address')
              .optional(),
            action: z.enum(['accept', 'decline', 'cancel']),
            fields: z.array(z.string().max(200)).max(MAX_MCP_INPUT_RECORD_FIELDS).optional(),
          }),
        )
        .max(MAX_MCP_INPUT_ROUNDS),
    )
    .default({}),
  /** What Improve description found, newest last: the rule's settings, the split, every number, what was applied (before 0.42: none). */
  improvements: z.array(improvementRecordSchema).max(MAX_IMPROVEMENTS).default([]),
  /** What interceptors did to each call, by tool_call_id. */
  interceptions: z.record(z.string(), z.array(interceptionSchema).max(SESSION_LIMITS.interceptionsPerCall)).default({}),
  /** The MCP servers the session's MCP tools come from: URL and what they said, never headers (before 0.12: none). */
  mcpServers: z.array(mcpServerRecordSchema).max(SESSION_LIMITS.mcpServers).default([]),
  /** Eval cases, tool-list variants, configurations and the last grid's runs (before 0.13: none). */
  // Its runs hold UI messages: the shape is checked here, the parts by the AI SDK (as for `messages`).
  evals: sessionEvalsSchema.default(EMPTY_EVALS),
  /** The branch `messages` belong to, and the other branches (forks), kept whole. */
  activeBranch: z.object({ id: z.string().min(1), label: z.string().min(1).max(SESSION_LIMITS.branchLabelChars) }),
  branches: z.array(
    z.object({
      id: z.string().min(1),
      label: z.string().min(1).max(SESSION_LIMITS.branchLabelChars),
      messages: z.array(uiMessageShapeSchema),
    }),
  ),
  /** A lesson through the run: its stops, notes and questions (before 0.17: none). */
  lesson: lessonSchema.optional(),
  /** The node its author last selected: a link opens there, on its branch (before 0.28: none). */
  viewedNodeId: z.string().max(SESSION_LIMITS.lessonNodeIdChars).optional(),
  /** `Sample this step`: each step's samples and what is right for it, by step id (before 0.21: none). */
  stepSamples: stepSamplesSchema.default({}),
  /** Branches made by `Replay against the model`: what each replayed and where it diverged (before 0.22: none). */
  replays: z
    .record(
      z.string().max(100),
      z.object({
        originalBranchId: z.string().max(100),
        originalLabel: z.string().max(SESSION_LIMITS.branchLabelChars),
        fromMessageId: z.string().max(200),
        onDivergence: z.enum(['go-live', 'stop']),
        served: z.number().int().min(0),
        live: z.number().int().min(0),
        callsServed: z.number().int().min(0),
        diverged: z
          .object({
            at: z.number().int().min(0),
            recordedStepId: z.string().max(SESSION_LIMITS.lessonNodeIdChars).optional(),
            paths: z.array(z.string().max(500)).max(SESSION_LIMITS.replayPaths),
          })
          .optional(),
        ended: z.boolean(),
        perturbed: z
          .object({
            toolCallId: z.string().max(200),
            preset: z.string().max(100),
            canary: z.object({ toolName: z.string().max(200), word: z.string().max(100) }).optional(),
          })
          .optional(),
      }),
    )
    .refine(
      (replays) => Object.keys(replays).length <= SESSION_LIMITS.replays,
      `may hold at most ${SESSION_LIMITS.replays} replays`,
    )
    .default({}),
  /** `Probe with my key`: what each provider answered a tool, by target (before 0.26: none). */
  compatProbes: z
    .array(
      z.object({
        tool: z.string().max(200),
        target: z.enum(COMPAT_TARGETS),
        at: z.string().max(40),
        status: z.number().int().min(0).max(999),
        message: z.string().max(2_000),
      }),
    )
    .max(SESSION_LIMITS.compatProbes)
    .default([]),
  /** Each tool and setting value the steps were sent with, by fingerprint (before 0.21: none). */
  sentValues: z
    .record(z.string().max(20), z.unknown())
    .refine(
      (values) => Object.keys(values).length <= SESSION_LIMITS.sentValues,
      `may hold at most ${SESSION_LIMITS.sentValues} values`,
    )
    .default({}),
});
/** The session as the schema reads it: one truth for its fields (session/CONTEXT.md, "Adding a session field"). */
export type SessionData = z.infer<typeof sessionDataSchema>;

export type ParsedSession = { ok: true; session: SessionData } | { ok: false; message: string };

/** Validates untrusted session data (a file, storage, a link), naming the first bad field. */
export function parseSessionData(value: unknown): ParsedSession {
  // Checked first: zod, React and the AI SDK all recurse, and would overflow the stack.
  const depth = checkJsonDepth(value);
  if (!depth.ok) return { ok: false, message: `Not a valid session: ${depth.message}.` };
  const parsed = sessionDataSchema.safeParse(value);
  if (parsed.success) return { ok: true, session: parsed.data };
  const { where, why } = firstIssue(parsed.error, '(session)');
  return { ok: false, message: `Not a valid session: "${where}" ${why}.` };
}
