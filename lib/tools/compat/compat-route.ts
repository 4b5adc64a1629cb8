import { z } from 'zod';
import { COMPAT_TARGETS } from '../../shapes/compat';
import { toolSpecSchema } from '../../shapes/tool-spec';
import { GEMINI_NAME, OPENAI_ANTHROPIC_NAME } from '../lint/lint-rules';

/*
 * `POST /api/compat`, one contract for both sides: the tools, and for each tool and each target a
 * provider package sends, the tool's schema as that package sent it (captured, nothing leaves the
 * server, no key) — or the package's own error. The Compatibility dialog sends and reads with it.
 */

export const COMPAT_ROUTE = '/api/compat';
/** At most this many tools a request (the matrix of a large MCP server's tools fits). */
export const MAX_COMPAT_TOOLS = 200;

/**
 * A tool to check: any name some provider takes — Gemini's dotted and colon names too (BFCL's
 * `math.factorial`); each target's own name rule then says whether it accepts it.
 */
const compatToolSchema = toolSpecSchema.extend({
  name: z
    .string()
    .max(64)
    .refine(
      (name) => OPENAI_ANTHROPIC_NAME.test(name) || GEMINI_NAME.test(name),
      'is a name no provider takes (letters, digits, _ and -; Gemini also takes . and :; at most 64)',
    ),
});

export const compatRequestSchema = z.object({ tools: z.array(compatToolSchema).min(1).max(MAX_COMPAT_TOOLS) });
export type CompatRequest = z.infer<typeof compatRequestSchema>;

export const compatAnswerSchema = z.object({
  sent: z
    .array(
      z.object({
        tool: z.string().max(200),
        target: z.enum(COMPAT_TARGETS),
        packageName: z.string().max(200),
        /** The tool's input schema as the package put it in the request body. */
        schema: z.unknown().optional(),
        /** Whether the package marked the tool strict. */
        strict: z.boolean().optional(),
        /** The package refused to send it: its own message. */
        error: z.string().max(2_000).optional(),
      }),
    )
    .max(MAX_COMPAT_TOOLS * COMPAT_TARGETS.length),
});
export type CompatAnswer = z.infer<typeof compatAnswerSchema>;
