import type { RunSettings } from '../shapes/run-settings';
import { supports } from './model-capabilities';

export type ProviderOptions = Record<string, Record<string, boolean | string | number>>;

/**
 * The provider options that carry the settings each provider names differently (parallel
 * tool calls), as the run sends them — and as Get code and the Wire view must show them.
 * A model the capability table says has no parallel switch is sent none. Tool argument
 * schemas are rarely strict-mode clean, so OpenAI-style requests ask for them as written
 * (`strict: false`).
 */
export function providerOptionsFor(
  settings: Pick<RunSettings, 'provider' | 'model' | 'baseURL' | 'parallelToolCalls' | 'seed'>,
): ProviderOptions {
  const parallel = settings.parallelToolCalls ?? true;
  const switchable = supports(settings, 'parallelToolCalls');
  switch (settings.provider) {
    case 'openai':
      return { openai: { ...(switchable ? { parallelToolCalls: parallel } : {}), strictJsonSchema: false } };
    case 'anthropic':
      return { anthropic: { disableParallelToolUse: !parallel } };
    case 'openai-compatible':
      return {
        openaiCompatible: { ...(switchable ? { parallel_tool_calls: parallel } : {}), strictJsonSchema: false },
      };
    case 'simulated':
      return {
        simulated: { parallelToolCalls: parallel, ...(settings.seed === undefined ? {} : { seed: settings.seed }) },
      };
    case 'google':
      // Gemini has no switch for parallel calls.
      return {};
    case 'browser':
      // The local model reads its own options (`local`) from the run settings in the page.
      return {};
  }
}
