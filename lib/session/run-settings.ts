import { z } from 'zod';

export const PROVIDER_IDS = ['simulated', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'required', 'none']),
  z.object({ type: z.literal('tool'), toolName: z.string().min(1) }),
]);
export type ToolChoiceSetting = z.infer<typeof toolChoiceSchema>;

/** The settings a run is made with; sent with every chat request (never a key). */
export const runSettingsSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  model: z.string().min(1).max(200),
  baseURL: z.string().url().optional(),
  toolChoice: toolChoiceSchema.optional(),
  parallelToolCalls: z.boolean().optional(),
  maxSteps: z.number().int().min(1).max(100).optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxOutputTokens: z.number().int().min(1).max(200_000).optional(),
  /** System instructions sent with every request. */
  system: z.string().max(50_000).optional(),
  /** OpenAI only: the Responses API (default) or Chat Completions. */
  openaiApi: z.enum(['responses', 'chat']).optional(),
  mode: z.enum(['auto', 'native', 'structured', 'react', 'parsed']).optional(),
});
export type RunSettings = z.infer<typeof runSettingsSchema>;

export const DEFAULT_MAX_STEPS = 5;

export const DEFAULT_RUN_SETTINGS: RunSettings = {
  provider: 'simulated',
  model: 'simulated-1',
  toolChoice: 'auto',
  parallelToolCalls: true,
  maxSteps: DEFAULT_MAX_STEPS,
};
