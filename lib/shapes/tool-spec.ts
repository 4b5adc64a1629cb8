import { z } from 'zod';
import { SESSION_LIMITS } from './session-limits';
import { workspacePathSchema } from './workspace-path';
import { MAX_HANDLER_TIMEOUT_MS, MAX_MCP_TIMEOUT_MS, TOOL_NAME_PATTERN } from './tool-limits';

/** A JSON Schema object as the user wrote it; checked by Ajv, not by zod. */
export const jsonSchemaObjectSchema = z.record(z.string(), z.unknown());

/** A tool as the app sends it to a model: name, description and the input's JSON Schema. */
export const toolSpecSchema = z.object({
  name: z.string().regex(TOOL_NAME_PATTERN),
  description: z.string(),
  inputSchema: jsonSchemaObjectSchema,
  /** Results come in MCP's `CallToolResult` shape: the route converts them for the model (text, images, audio). */
  results: z.literal('mcp').optional(),
});
export type ToolSpec = z.infer<typeof toolSpecSchema>;

/** What an MCP server says about a tool's behaviour (hints, not guarantees: MCP 2025-06-18 `ToolAnnotations`). */
export const mcpToolAnnotationsSchema = z.object({
  title: z.string().max(200).optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
export type McpToolAnnotations = z.infer<typeof mcpToolAnnotationsSchema>;

/**
 * How a tool's calls are answered: by the sandbox (core tools), a fixed mock result (JSON
 * text), the user typing the result (manual), a JavaScript function body run in a Worker, an
 * HTTP request to an allowlisted origin, or an MCP server's `tools/call`.
 */
export const toolRunSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox') }),
  /** With `outputSchema`, each call's result is generated from it; otherwise `result` is returned. */
  z.object({ kind: z.literal('mock'), result: z.string(), outputSchema: z.string().optional() }),
  z.object({ kind: z.literal('manual') }),
  z.object({
    kind: z.literal('javascript'),
    code: z.string(),
    /** A longer limit from an older session is brought down to the maximum (never refused: the session reads back). */
    timeoutMs: z
      .number()
      .int()
      .min(10)
      .transform((ms) => Math.min(ms, MAX_HANDLER_TIMEOUT_MS)),
    /**
     * A workspace JSON file the handler keeps its state in (a domain's database): read before each
     * call and given as the body's third parameter, `state`; what the handler leaves in it is
     * written back when it returns (a throw or a timeout writes nothing).
     */
    stateFile: workspacePathSchema.optional(),
  }),
  /** A real HTTP request from the browser, only to the playground's own origin and these (`https://host[:port]`). */
  z.object({
    kind: z.literal('http'),
    allowedOrigins: z
      .array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be an origin like https://example.com'))
      .max(20),
  }),
  /** A tool of a connected MCP server (`server`: its id in the session's `mcpServers`); its definition is the server's. */
  z.object({
    kind: z.literal('mcp'),
    server: z.string().min(1).max(100),
    /** The tool's name on its server (the model may know it by another: see `mcpToolName`). */
    tool: z.string().min(1).max(SESSION_LIMITS.mcpToolNameChars),
    timeoutMs: z.number().int().min(100).max(MAX_MCP_TIMEOUT_MS),
    annotations: mcpToolAnnotationsSchema.optional(),
  }),
]);
export type ToolRun = z.infer<typeof toolRunSchema>;
export type ToolRunKind = ToolRun['kind'];

/**
 * A tool as the editor holds it: the exact text the user typed (never lost, even when it
 * does not parse), whether it takes part in the next run, and how its calls are answered.
 */
export const toolDraftSchema = z.object({
  id: z.string().min(1),
  source: z.string(),
  enabled: z.boolean(),
  run: toolRunSchema,
  /** Whether a successful call ends the run (seed 002 `is_terminal`); unset: the core tool's trait. */
  terminal: z.boolean().optional(),
  /** What the code a tool was made from said that its JSON Schema cannot (`Tool from code`). */
  notes: z.array(z.string().max(SESSION_LIMITS.toolNoteChars)).max(SESSION_LIMITS.toolNotes).optional(),
});
export type ToolDraft = z.infer<typeof toolDraftSchema>;

/** A tool the next run sends to the model, with how its calls are answered. */
export type RunnableTool = { spec: ToolSpec; run: ToolRun; terminal?: boolean };
