import type { McpWireExchange } from '../shapes/mcp-wire';
import {
  CallToolResultSchema,
  GetPromptResultSchema,
  PromptSchema,
  ReadResourceResultSchema,
  ResourceSchema,
} from '@modelcontextprotocol/core';
import { z } from 'zod';
import { MCP_PROTOCOL_VERSION_PATTERN, MCP_TRANSPORTS } from '../shapes/mcp-limits';
import { MAX_MCP_INPUT_MESSAGE, MAX_MCP_INPUT_URL, readInputUrl } from '../shapes/mcp-input';
import { MCP_ROUTE } from '../shapes/mcp-access';
import { firstIssue } from '../limits/first-issue';

/*
 * `POST /api/mcp`, one contract for both sides (lib/mcp/CONTEXT.md): what each action asks and
 * what it answers — the MCP parts as the official SDK's own schemas say them. The route reads the
 * request and answers through it; the page's MCP client sends and reads with it (loading it with
 * its first question: zod is not part of the page's first load). A refusal is the route error
 * every route answers (`routeErrorSchema`).
 */

export { MCP_ROUTE };
export { routeErrorSchema } from '../shapes/route-error';

/** Longest a call may go without progress, in ms (the page sends the tool's own limit). */
export const MAX_MCP_CALL_TIMEOUT_MS = 10 * 60_000;

const connectionId = z.string().regex(/^mcp-[A-Za-z0-9]{32}$/, 'must be a connection id from "connect"');
/**
 * The page identity this server issued to the page at its first connect (`page` in the
 * answer): its connections count against its own quota. One the server did not issue is
 * replaced by a new one, never taken as given.
 */
const page = z.string().max(100).optional();

/** A question's id, from the `input` line that asked it. */
const inputId = z.string().regex(/^in-[A-Za-z0-9]{24}$/, 'must be a question id from an "input" line');
const inputValue = z.union([z.string().max(20_000), z.number(), z.boolean(), z.array(z.string().max(2_000)).max(100)]);
/** MCP's `ElicitResult`: accept with the form's values, decline, or cancel. */
const inputAnswer = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('accept'),
    content: z
      .record(z.string().max(200), inputValue)
      .refine((content) => Object.keys(content).length <= 50, 'may hold at most 50 fields'),
  }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') }),
]);

/** What `POST /api/mcp` accepts: connect, list again, call a tool, resources, prompts, disconnect. */
export const mcpRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('connect'),
    url: z.string().max(2_000),
    page,
    /** E.g. Authorization: held by the connection, never answered, logged or stored. */
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name'), z.string().max(8_000))
      .refine((headers) => Object.keys(headers).length <= 20, 'may hold at most 20 headers')
      .optional(),
  }),
  /** A local stdio server: only when the operator allows the command, on loopback, with this start's token. */
  z.object({
    action: z.literal('connect-stdio'),
    page,
    command: z.string().min(1).max(500),
    args: z.array(z.string().max(2_000)).max(50).default([]),
    token: z.string().max(200),
  }),
  z.object({ action: z.literal('tools'), connectionId }),
  /** Whether the connection is open and how often its tools changed (no traffic to the MCP server). */
  z.object({ action: z.literal('status'), connectionId }),
  z.object({
    action: z.literal('call'),
    connectionId,
    name: z.string().min(1).max(200),
    arguments: z.record(z.string(), z.unknown()),
    timeoutMs: z.number().int().min(100).max(MAX_MCP_CALL_TIMEOUT_MS).optional(),
    /** Whether to answer `wire` lines: each HTTP exchange with the server, for the Inspector's Wire tab. */
    wire: z.boolean().optional(),
  }),
  z.object({ action: z.literal('resources'), connectionId }),
  z.object({ action: z.literal('read-resource'), connectionId, uri: z.string().min(1).max(2_000) }),
  z.object({ action: z.literal('prompts'), connectionId }),
  z.object({
    action: z.literal('get-prompt'),
    connectionId,
    name: z.string().min(1).max(200),
    arguments: z.record(z.string().max(200), z.string().max(20_000)).default({}),
  }),
  z.object({ action: z.literal('disconnect'), connectionId }),
  /** `Check this server`: the official conformance suite against an HTTP server (takes seconds). */
  z.object({ action: z.literal('check'), connectionId }),
  /** The person's answer to a question a running call asked (an `input` line of its answer). */
  z.object({ action: z.literal('answer'), connectionId, inputId, answer: inputAnswer }),
]);
export type McpRequest = z.infer<typeof mcpRequestSchema>;
export type McpRequestInput = z.input<typeof mcpRequestSchema>;

/** Why a body is not an MCP request, in the words both sides use. */
export function mcpRequestProblem(error: z.ZodError): string {
  const { where, why } = firstIssue(error, '(body)');
  return `Invalid field "${where}": ${why}.`;
}

const toolsVersion = z.number().int().min(0);
/** Most tools a list says it left out (the rest are counted, not named). */
export const MAX_LEFT_OUT_TOOLS = 100;
/** A listed tool the playground cannot offer, and why (the SDK's words, for an invalid `x-mcp-header`). */
const leftOutToolSchema = z.object({ name: z.string().max(200), reason: z.string().max(500) });
export type LeftOutTool = z.infer<typeof leftOutToolSchema>;
const leftOut = z.array(leftOutToolSchema).max(MAX_LEFT_OUT_TOOLS).default([]);
const mcpProtocolVersion = z.string().regex(MCP_PROTOCOL_VERSION_PATTERN, 'must be a protocol revision');

/** What the server said of itself at `initialize` (or `server/discover`, on the 2026 revision). */
export const mcpServerInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** Which of tools, resources, prompts and logging it offers. */
  capabilities: z.array(z.string()),
  instructions: z.string().optional(),
  transport: z.enum(MCP_TRANSPORTS),
  /** The protocol revision the two sides agreed on (`2026-07-28`, `2025-11-25`, …). */
  protocolVersion: mcpProtocolVersion.optional(),
});
export type McpServerInfo = z.infer<typeof mcpServerInfoSchema>;

const checkScenario = z.object({
  scenario: z.string().max(200),
  checks: z.array(
    z.object({
      id: z.string().max(200),
      name: z.string().max(200),
      /** The requirement, in the suite's words. */
      description: z.string().max(2_000),
      /** `SUCCESS`, `FAILURE`, `WARNING`, `INFO`, `SKIPPED`, as the suite writes it. */
      status: z.string().max(20),
      errorMessage: z.string().max(2_000).optional(),
    }),
  ),
});
const checkRevision = z.object({
  revision: z.string().max(40),
  scenarios: z.array(checkScenario).max(200),
  /** Why there are no verdicts, or fewer than the suite has (no checks for the revision, a stopped run). */
  note: z.string().max(1_000).optional(),
});
/** What `Check this server` found: the suite's verdicts per revision, and the playground's own checks. */
const mcpCheckReportSchema = z.object({
  /** The suite and its version, e.g. `@modelcontextprotocol/conformance 0.1.16`. */
  suite: z.string().max(200),
  revisions: z.array(checkRevision).max(10),
  /** Whether `tools/list` gave the same tools in the same order twice (what prompt caches rely on). */
  toolsListStable: z.boolean(),
});
export type McpCheckScenario = z.infer<typeof checkScenario>;
export type McpCheckRevision = z.infer<typeof checkRevision>;
export type McpCheckReport = z.infer<typeof mcpCheckReportSchema>;

/**
 * What each action answers (200). Tools stay unknown here: the page reads each one with
 * `readListedTools` (a tool it cannot use is left out, not the whole list).
 */
export const mcpAnswerSchemas = {
  connect: z.object({
    connectionId: z.string().max(200),
    server: mcpServerInfoSchema,
    tools: z.array(z.unknown()),
    leftOut,
    toolsVersion,
    page,
  }),
  tools: z.object({ tools: z.array(z.unknown()), leftOut, toolsVersion }),
  status: z.object({ toolsVersion }),
  resources: z.object({ resources: z.array(ResourceSchema) }),
  'read-resource': z.object({ resource: ReadResourceResultSchema }),
  prompts: z.object({ prompts: z.array(PromptSchema) }),
  'get-prompt': z.object({ prompt: GetPromptResultSchema }),
  disconnect: z.object({ ok: z.literal(true) }),
  answer: z.object({ ok: z.literal(true) }),
  check: mcpCheckReportSchema,
} as const;
mcpAnswerSchemas satisfies Record<Exclude<McpRequest['action'], 'connect-stdio' | 'call'>, z.ZodType>;
export type McpAnswer<Action extends keyof typeof mcpAnswerSchemas> = z.infer<(typeof mcpAnswerSchemas)[Action]>;

/**
/** Most exchanges with the MCP server one call shows (a task polled for minutes makes many); the rest are counted. */
export const MAX_MCP_WIRE_EXCHANGES = 40;
/** Longest request body and answer of an exchange shown, in characters. */
export const MAX_MCP_WIRE_CHARS = 20_000;

/** One HTTP request the playground's server sent an MCP server during a call, and the answer as it came. */
const mcpWireExchangeSchema = z.object({
  sequence: z.number().int().min(0),
  request: z.object({
    method: z.string().max(20),
    /** Path and query only. */
    path: z.string().max(4_000),
    /** As sent, the person's own headers and every header carrying a key as `[redacted]`. */
    headers: z.record(z.string().max(200), z.string().max(8_000)),
    /** The JSON-RPC message as sent (or its first characters). */
    body: z.unknown(),
  }),
  status: z.number().int(),
  /** The answer as it came: JSON, or server-sent events. */
  response: z.string().max(MAX_MCP_WIRE_CHARS),
  truncated: z.boolean(),
});
// The shape the page keeps (lib/shapes/mcp-wire.ts) is this schema's.
export type { McpWireExchange } from '../shapes/mcp-wire';
const _sameShape: z.ZodType<McpWireExchange> = mcpWireExchangeSchema;
void _sameShape;

/**
 * A call answers newline-delimited JSON: `progress` lines while it runs, `input` lines when the
 * server asks the person something (answered with the `answer` action), `wire` lines (each HTTP
 * exchange with the server, when the call asked for them; `wire-omitted` counts those past the
 * cap), then one `result` or `error`.
 */
export const mcpCallLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('wire'), exchange: mcpWireExchangeSchema }),
  z.object({ type: z.literal('wire-omitted'), count: z.number().int().min(1) }),
  z.object({
    type: z.literal('input'),
    input: z.object({
      id: inputId,
      message: z.string().max(MAX_MCP_INPUT_MESSAGE),
      requestedSchema: z.record(z.string(), z.unknown()),
      url: z
        .string()
        .max(MAX_MCP_INPUT_URL)
        .refine((url) => readInputUrl(url) === url, 'not an http(s) address to show')
        .optional(),
    }),
  }),
  z.object({
    type: z.literal('progress'),
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
  z.object({ type: z.literal('result'), result: CallToolResultSchema, toolsVersion }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string().max(100), message: z.string() }) }),
]);
export type McpCallLine = z.infer<typeof mcpCallLineSchema>;

/** A prompt or resource as the server lists it (shown, then fetched on request). */
export type McpPromptInfo = McpAnswer<'prompts'>['prompts'][number];
export type McpResourceInfo = McpAnswer<'resources'>['resources'][number];
/** A prompt's messages (`prompts/get`) and a resource's contents (`resources/read`), as the server sent them. */
export type McpPromptMessages = McpAnswer<'get-prompt'>['prompt'];
export type McpResourceContents = McpAnswer<'read-resource'>['resource'];
