import { z } from 'zod';
import { SESSION_LIMITS } from './session-limits';
import { uiMessageShapeSchema } from './ui-message-shape';
import { runSettingsSchema } from './run-settings';
import { toolDraftSchema } from './tool-spec';
import { evalCaseSchema, MAX_EVAL_CASES } from './eval-case';
import { CONVERSATION_ENDS } from './eval-run';

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
    'end-state',
    'output',
    'tool-f1',
    'trajectory',
    'user',
  ]),
  message: z.string().max(SESSION_LIMITS.evalMessageChars),
});

export const evalRunSchema = z.object({
  caseId: z.string().max(SESSION_LIMITS.evalCaseIdChars),
  variantId: z.string().max(100),
  configId: z.string().max(100),
  repeat: z
    .number()
    .int()
    .min(0)
    .max(SESSION_LIMITS.evalRepeats - 1),
  pass: z.boolean(),
  failures: z.array(failureSchema).max(SESSION_LIMITS.evalFailuresPerRun),
  error: z.string().max(SESSION_LIMITS.evalMessageChars).optional(),
  notChecked: z.boolean().optional(),
  ended: z.enum(CONVERSATION_ENDS).optional(),
  ms: z.number().min(0),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  messages: z.array(uiMessageShapeSchema).max(SESSION_LIMITS.evalRunMessages),
});

/** The evals a session keeps (see lib/evals/CONTEXT.md): cases, tool-list variants, configurations, the last grid's runs. */
export const sessionEvalsSchema = z.object({
  cases: z.array(evalCaseSchema).max(MAX_EVAL_CASES),
  variants: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: z.string().min(1).max(SESSION_LIMITS.evalNameChars),
        tools: z.array(toolDraftSchema).max(SESSION_LIMITS.evalVariantTools),
      }),
    )
    .max(SESSION_LIMITS.evalVariants),
  configs: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        name: z.string().min(1).max(SESSION_LIMITS.evalNameChars),
        settings: runSettingsSchema.partial(),
      }),
    )
    .max(SESSION_LIMITS.evalConfigs),
  mode: z.enum(['first-step', 'full-loop']),
  repeats: z.number().int().min(1).max(SESSION_LIMITS.evalRepeats),
  concurrency: z.number().int().min(1).max(SESSION_LIMITS.evalConcurrency),
  runs: z.array(evalRunSchema).max(SESSION_LIMITS.evalRuns),
  /** The configurations Compare ran last (before 0.31: not kept in a file or link). */
  compared: z.array(z.string().max(100)).max(SESSION_LIMITS.evalConfigs).optional(),
  /** Each `Run evals` kept for `Compare runs` (before 0.24: none). */
  history: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        number: z.number().int().min(1),
        at: z.string().max(40),
        mode: z.enum(['first-step', 'full-loop']),
        repeats: z.number().int().min(1).max(SESSION_LIMITS.evalRepeats),
        stopped: z.boolean(),
        cells: z
          .array(
            z.object({
              caseId: z.string().max(SESSION_LIMITS.evalCaseIdChars),
              variantId: z.string().max(100),
              configId: z.string().max(100),
              column: z.string().max(SESSION_LIMITS.evalNameChars * 2 + 3),
              passed: z.number().int().min(0),
              runs: z.number().int().min(0),
              errors: z.number().int().min(0).optional(),
              notChecked: z.number().int().min(0).optional(),
              reasons: z.array(z.string().max(SESSION_LIMITS.evalMessageChars)).max(SESSION_LIMITS.evalFailuresPerRun),
            }),
          )
          .max(SESSION_LIMITS.evalRuns),
        runs: z.array(evalRunSchema).max(SESSION_LIMITS.evalRuns).optional(),
      }),
    )
    .max(SESSION_LIMITS.evalHistory)
    .optional(),
});
