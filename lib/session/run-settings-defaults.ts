import type { RunSettings, ScriptStep } from './run-settings';

/*
 * The choices and defaults of run settings, apart from their zod schemas (`run-settings.ts`):
 * the page's first load uses these, and zod is not part of it (issue 16).
 */

export const PROVIDER_IDS = ['simulated', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** What the scripted model replays until the user writes a script of their own. */
export const DEFAULT_SCRIPT: ScriptStep[] = [
  { text: "I'll list the files.", toolCalls: [{ toolName: 'list_files', input: {} }] },
  { text: 'The workspace holds a small Node.js project.' },
];

/**
 * What a model id may contain across providers (`gpt-4o`, `claude-sonnet-4-5`,
 * `openai/gpt-4o-mini`, `llama3.1:8b`, `models/gemini-2.5-flash`, `org/model@v2`): no spaces,
 * quotes or shell characters, so an id from a stranger's link cannot smuggle anything.
 */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/;

export const HISTORY_STRATEGIES = ['none', 'drop-oldest', 'sliding-window', 'summarize'] as const;
export type HistoryStrategy = (typeof HISTORY_STRATEGIES)[number];

export const DEFAULT_MAX_STEPS = 5;

export const DEFAULT_RUN_SETTINGS: RunSettings = {
  provider: 'simulated',
  model: 'simulated-1',
  toolChoice: 'auto',
  parallelToolCalls: true,
  maxSteps: DEFAULT_MAX_STEPS,
};
