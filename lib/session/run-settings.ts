import { z } from 'zod';

export const PROVIDER_IDS = ['simulated', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'required', 'none']),
  z.object({ type: z.literal('tool'), toolName: z.string().min(1) }),
]);
export type ToolChoiceSetting = z.infer<typeof toolChoiceSchema>;

/** One step the scripted simulated model replays: text, tool calls, or both. */
export const scriptStepSchema = z.object({
  text: z.string().max(20_000).optional(),
  toolCalls: z.array(z.object({ toolName: z.string().min(1), input: z.unknown() })).max(20).optional(),
});
export type ScriptStep = z.infer<typeof scriptStepSchema>;

/** What the scripted model replays until the user writes a script of their own. */
export const DEFAULT_SCRIPT: ScriptStep[] = [
  { text: "I'll list the files.", toolCalls: [{ toolName: 'list_files', input: {} }] },
  { text: 'The workspace holds a small Node.js project.' },
];

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
  /** For the model `simulated-scripted`: the steps it replays, one per model request. */
  script: z.array(scriptStepSchema).max(100).optional(),
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
