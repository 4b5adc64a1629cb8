import { z } from 'zod';

/** Names every major provider accepts (OpenAI and Anthropic are the strictest). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A JSON Schema object as the user wrote it; checked by Ajv, not by zod. */
export const jsonSchemaObjectSchema = z.record(z.string(), z.unknown());

/** A tool as the app sends it to a model: name, description and the input's JSON Schema. */
export const toolSpecSchema = z.object({
  name: z.string().regex(TOOL_NAME_PATTERN),
  description: z.string(),
  inputSchema: jsonSchemaObjectSchema,
});
export type ToolSpec = z.infer<typeof toolSpecSchema>;

/**
 * A tool as the editor holds it: the exact text the user typed (never lost, even when it
 * does not parse) plus whether it takes part in the next run.
 */
export const toolDraftSchema = z.object({
  id: z.string().min(1),
  source: z.string(),
  enabled: z.boolean(),
});
export type ToolDraft = z.infer<typeof toolDraftSchema>;
