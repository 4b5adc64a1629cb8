import type { ProviderId } from '../session/run-settings';

export type ProviderOptions = Record<string, Record<string, boolean | string | number>>;

/**
 * The provider options that carry the settings each provider names differently (parallel
 * tool calls), as the run sends them — and as Get code and the Wire view must show them.
 * Tool argument schemas are rarely strict-mode clean, so OpenAI-style requests ask for them
 * as written (`strict: false`).
 */
export function providerOptionsFor(provider: ProviderId, parallel: boolean): ProviderOptions {
  switch (provider) {
    case 'openai':
      return { openai: { parallelToolCalls: parallel, strictJsonSchema: false } };
    case 'anthropic':
      return { anthropic: { disableParallelToolUse: !parallel } };
    case 'openai-compatible':
      return { openaiCompatible: { parallel_tool_calls: parallel, strictJsonSchema: false } };
    case 'simulated':
      return { simulated: { parallelToolCalls: parallel } };
    case 'google':
      // Gemini has no switch for parallel calls.
      return {};
  }
}
