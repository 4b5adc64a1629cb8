/*
 * The choices and defaults of run settings, apart from their zod schemas (`run-settings.ts`):
 * the page's first load uses these, and zod is not part of it (see docs/decisions/first-load.md).
 */

export const PROVIDER_IDS = ['simulated', 'browser', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
/**
 * What a model id may contain across providers (`gpt-4o`, `claude-sonnet-4-5`,
 * `openai/gpt-4o-mini`, `llama3.1:8b`, `models/gemini-2.5-flash`, `org/model@v2`): no spaces,
 * quotes or shell characters, so an id from a stranger's link cannot smuggle anything.
 */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/;

export const HISTORY_STRATEGIES = ['none', 'drop-oldest', 'sliding-window', 'summarize'] as const;
export type HistoryStrategy = (typeof HISTORY_STRATEGIES)[number];

export const DEFAULT_MAX_STEPS = 5;

/** How tools reach the model (seed 004): its own tool API, or JSON decisions in text. */
export const TOOL_CALLING_MODES = ['native', 'structured', 'validated', 'parsed'] as const;
export type ToolCallingMode = (typeof TOOL_CALLING_MODES)[number];
export type ToolCallingModeSetting = ToolCallingMode | 'auto';

/** `react` is what sessions before 0.10 call `validated`; they read back as `validated`. */
export function readModeSetting(value: unknown): unknown {
  return value === 'react' ? 'validated' : value;
}
