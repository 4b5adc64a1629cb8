import { z } from 'zod';
import { readModeSetting, TOOL_CALLING_MODES } from './run-settings-defaults';
import { SESSION_LIMITS } from './session-limits';
import { HISTORY_STRATEGIES, MODEL_ID_PATTERN, PROVIDER_IDS } from './run-settings-defaults';

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'required', 'none']),
  z.object({ type: z.literal('tool'), toolName: z.string().min(1) }),
]);
export type ToolChoiceSetting = z.infer<typeof toolChoiceSchema>;

/** One step the scripted simulated model replays: text, tool calls, or both. */
export const scriptStepSchema = z.object({
  text: z.string().max(20_000).optional(),
  toolCalls: z
    .array(z.object({ toolName: z.string().min(1), input: z.unknown() }))
    .max(20)
    .optional(),
});
export type ScriptStep = z.infer<typeof scriptStepSchema>;

export const modelIdSchema = z
  .string()
  .regex(MODEL_ID_PATTERN, 'must be a model id: letters, digits and . _ : / @ + - (no spaces or quotes)');

/** An http(s) URL with no credentials and none of the characters a shell or a quote would act on. */
export const baseURLSchema = z
  .string()
  .max(2_000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://')
  .refine(
    (value) => !/[\s'"`$;|&<>\\(){}]/.test(value),
    'must not contain spaces, quotes or any of $ ; | & < > ( ) { } \\',
  )
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must not carry a user name or password (give the key separately)');

/**
 * How much of the conversation each request carries (seed 002 §5.2): everything, the newest
 * messages within a token budget, the last few, or the newest with a summary of the rest.
 */
export const historySettingsSchema = z.object({
  strategy: z.enum(HISTORY_STRATEGIES),
  /** Budget for the conversation's messages (the system prompt and tool schemas are not in it). */
  maxTokens: z.number().int().min(100).max(2_000_000).optional(),
  /** sliding-window: how many of the newest messages and model steps are sent. */
  keepLast: z.number().int().min(1).max(1_000).optional(),
});
export type HistorySettings = z.infer<typeof historySettingsSchema>;

/** The settings a run is made with; sent with every chat request (never a key). */
export const runSettingsSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  /** As typed (a session keeps a half-typed id); `sendableSettingsSchema` checks it. */
  model: z.string().max(SESSION_LIMITS.modelIdChars),
  baseURL: z.string().max(SESSION_LIMITS.baseUrlChars).optional(),
  toolChoice: toolChoiceSchema.optional(),
  parallelToolCalls: z.boolean().optional(),
  maxSteps: z.number().int().min(1).max(SESSION_LIMITS.maxSteps).optional(),
  temperature: z.number().min(0).max(2).optional(),
  /**
   * The simulated model's seed: above temperature 0 it samples its choices from it (the same seed,
   * the same answers). Real providers are not sent it.
   */
  seed: z.number().int().min(0).max(SESSION_LIMITS.seedMax).optional(),
  maxOutputTokens: z.number().int().min(1).max(200_000).optional(),
  /** The model in the browser's sampler (llama.cpp's): nucleus and top-k cuts; unset, its usual 0.95 and 40. */
  topP: z.number().gt(0).max(1).optional(),
  topK: z.number().int().min(0).max(1_000).optional(),
  /** The model in the browser: "Constrain to the tools' schemas" (a grammar); unset is on. */
  constrain: z.boolean().optional(),
  /** System instructions sent with every request. */
  system: z.string().max(SESSION_LIMITS.systemChars).optional(),
  /** For the model `simulated-scripted`: the steps it replays, one per model request. */
  script: z.array(scriptStepSchema).max(SESSION_LIMITS.scriptSteps).optional(),
  /** Send every tool `strict: true`, whatever its schema (a compatibility probe); unset: strict where the provider enforces it and the schema allows. */
  strictTools: z.boolean().optional(),
  /** OpenAI only: the Responses API (default) or Chat Completions. */
  openaiApi: z.enum(['responses', 'chat']).optional(),
  /** `react` (sessions and links before 0.10) is read as `validated`. */
  mode: z.preprocess(readModeSetting, z.enum(['auto', ...TOOL_CALLING_MODES])).optional(),
  history: historySettingsSchema.optional(),
});
export type RunSettings = z.infer<typeof runSettingsSchema>;

/** Settings a request may be made with: the model id and base URL must be plausible. */
export const sendableSettingsSchema = runSettingsSchema.extend({
  model: modelIdSchema,
  baseURL: baseURLSchema.optional(),
});

/** What is wrong with the model id or base URL, as one sentence each; empty when they can be sent. */
export function checkSendableSettings(settings: RunSettings): { field: 'model' | 'baseURL'; message: string }[] {
  const parsed = sendableSettingsSchema.safeParse(settings);
  if (parsed.success) return [];
  return parsed.error.issues
    .filter((issue) => issue.path[0] === 'model' || issue.path[0] === 'baseURL')
    .map((issue) => {
      const field = issue.path[0] as 'model' | 'baseURL';
      return { field, message: `${field === 'model' ? 'The model id' : 'The base URL'} ${issue.message}.` };
    });
}
