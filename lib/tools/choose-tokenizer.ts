import type { ProviderId } from '../shapes/run-settings-defaults';

/** Which tokenizer counts, and whether the count is the provider's own or an estimate. */
export type TokenizerChoice = { encoding: 'o200k_base' | 'cl100k_base'; exact: boolean; label: string };

/**
 * The tokenizer for a provider and model: OpenAI's models are counted with their own public
 * encoding (cl100k for GPT-4 and 3.5, o200k for the rest) on the text OpenAI renders tools
 * into; every other provider's tokenizer is not public, so o200k on the JSON it receives is an
 * estimate, and says so. (Light: the page's first load uses it; the counting is in the worker.)
 */
export function chooseTokenizer(provider: ProviderId, model: string): TokenizerChoice {
  if (provider === 'openai') {
    const encoding = /^(gpt-4(?!o|\.\d)|gpt-3\.5)/.test(model) ? 'cl100k_base' : 'o200k_base';
    return { encoding, exact: true, label: `${encoding} (OpenAI’s tokenizer)` };
  }
  return {
    encoding: 'o200k_base',
    exact: false,
    label: 'estimate (o200k_base on the JSON; this provider’s tokenizer is not public)',
  };
}
