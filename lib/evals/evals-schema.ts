import { z } from 'zod';
import { uiMessageShapeSchema } from '../session/ui-message-shape';
import { runSettingsSchema } from '../session/run-settings';
import { toolDraftSchema } from '../tools/tool-spec';
import { evalCaseSchema, MAX_EVAL_CASES } from './eval-case';

const failureSchema = z.object({
  kind: z.enum([
    'wrong-tool',
    'missing-call',
    'unexpected-call',
    'unknown-tool',
    'invalid-arguments',
    'value-mismatch',
    'order',
    'parallel',
    'answer',
  ]),
  message: z.string().max(2_000),
});

/** The evals a session keeps (issue 18): cases, tool-list variants, configurations, the last grid's runs. */
export const sessionEvalsSchema = z.object({
  cases: z.array(evalCaseSchema).max(MAX_EVAL_CASES),
  variants: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: z.string().min(1).max(100),
        tools: z.array(toolDraftSchema).max(256),
      }),
    )
    .max(8),
  configs: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: z.string().min(1).max(100),
        settings: runSettingsSchema
          .pick({
            provider: true,
            model: true,
            mode: true,
            temperature: true,
            toolChoice: true,
            baseURL: true,
            script: true,
          })
          .partial(),
      }),
    )
    .max(8),
  mode: z.enum(['first-step', 'full-loop']),
  repeats: z.number().int().min(1).max(20),
  concurrency: z.number().int().min(1).max(8),
  runs: z
    .array(
      z.object({
        caseId: z.string().max(200),
        variantId: z.string().max(100),
        configId: z.string().max(100),
        repeat: z.number().int().min(0).max(19),
        pass: z.boolean(),
        failures: z.array(failureSchema).max(50),
        error: z.string().max(2_000).optional(),
        ms: z.number().min(0),
        inputTokens: z.number().int().min(0),
        outputTokens: z.number().int().min(0),
        messages: z.array(uiMessageShapeSchema).max(200),
      }),
    )
    .max(5_000),
});
