import type { LanguageModelMiddleware } from 'ai';
import type { ProviderOptions } from './provider-options';

/** Where each provider's options carry the parallel tool calls switch. */
const PARALLEL_SWITCHES: Readonly<Record<string, string>> = {
  openai: 'parallelToolCalls',
  openaiCompatible: 'parallel_tool_calls',
};

/**
 * The options without the parallel tool calls switch: a request that offers no tools must not
 * carry `parallel_tool_calls` (the OpenAI API refuses it there). Anthropic's switch lives in its
 * tool choice, which is only sent with tools.
 */
export function withoutParallelSwitch<T extends ProviderOptions | Record<string, unknown>>(options: T): T {
  const kept: Record<string, unknown> = { ...options };
  for (const [provider, key] of Object.entries(PARALLEL_SWITCHES)) {
    const own = kept[provider];
    if (!own || typeof own !== 'object' || !(key in own)) continue;
    const { [key]: _dropped, ...rest } = own as Record<string, unknown>;
    kept[provider] = rest;
  }
  return kept as T;
}

/**
 * Sends the parallel switch only with tools. It sits next to the provider's model, below the
 * tool-calling modes, so it sees the request as it goes out: prompted and structured modes take
 * the tools out of the request and put them in the prompt.
 */
export const parallelOnlyWithTools: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  transformParams: async ({ params }) =>
    params.tools?.length || !params.providerOptions
      ? params
      : { ...params, providerOptions: withoutParallelSwitch(params.providerOptions) },
};
