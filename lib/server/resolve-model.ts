import 'server-only';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { assertNever } from '../shapes/assert-never';
import { PROVIDER_CATALOG, type ProviderEntry } from '../providers/provider-catalog';
import {
  createSimulatedModel,
  SCRIPTED_MODEL_ID,
  SIMULATED_PROVIDER_ID,
} from '../providers/simulated/create-simulated-model';
import type { RunSettings } from '../shapes/run-settings';
import { DEFAULT_SCRIPT } from '../shapes/default-run-settings';
import { checkBaseURL, readAllowedHosts, sameBaseURL } from './base-url-policy';
import { createNoRedirectFetch } from './no-redirect-fetch';
import type { RouteErrorCode } from './route-errors';
import { providerOptionsFor, type ProviderOptions } from '../providers/provider-options';

export type ModelResolution =
  | { ok: true; model: LanguageModel; providerOptions: ProviderOptions }
  | { ok: false; code: RouteErrorCode; message: string };

export type ResolveModelOptions = {
  settings: RunSettings;
  /** A key the user typed (x-provider-key); wins over the server's environment. */
  typedKey: string | undefined;
  env: Record<string, string | undefined>;
  simulatedChunkDelayMs: number;
  /** The fetch providers use (tests pass one that records requests). */
  fetch?: typeof fetch;
  /** Whom a missing key's sentence speaks to (default: the page). */
  keyAdvice?: KeyAdvice;
};

/** Where a person gives a key: the page's run settings, or the environment of `npm run eval`. */
export type KeyAdvice = 'page' | 'environment';

/** The sentence for a provider with no key it may use at this address, for the page or a terminal. */
function missingKeyMessage(
  entry: ProviderEntry,
  homes: readonly string[],
  address: string,
  serverKey: string | undefined,
  operatorURL: string | undefined,
  advice: KeyAdvice,
): string {
  const where =
    advice === 'page'
      ? 'type a key in the run settings'
      : `set ${entry.keyEnv} in the environment (or, for another address, name a variable holding its key in the config's apiKeyEnvar)`;
  if (!serverKey)
    return advice === 'page'
      ? `No API key for ${entry.label}: set ${entry.keyEnv} in .env.local on the server, or ${where}.`
      : `No API key for ${entry.label}: ${where}.`;
  const otherHome =
    entry.baseURLEnv && !operatorURL ? ` (an operator can name another address in ${entry.baseURLEnv})` : '';
  return advice === 'page'
    ? `The server's ${entry.keyEnv} is sent only to ${homes.join(' or ')}${otherHome}. Type a key in the run settings to call ${address}.`
    : `${entry.keyEnv} is sent only to ${homes.join(' or ')}${otherHome}. To call ${address}, name a variable holding its key in the config's apiKeyEnvar.`;
}

/**
 * The AI SDK model for a run's settings, with the provider options that carry the settings
 * each provider names differently (parallel tool calls). Keys come from the user's header
 * or the environment and go nowhere but the provider client.
 */
export function resolveModel({
  settings,
  typedKey,
  env,
  simulatedChunkDelayMs,
  fetch,
  keyAdvice = 'page',
}: ResolveModelOptions): ModelResolution {
  const { provider, model: modelId } = settings;
  const entry: ProviderEntry = PROVIDER_CATALOG[provider];
  if (provider === SIMULATED_PROVIDER_ID) {
    const script = modelId === SCRIPTED_MODEL_ID ? (settings.script ?? DEFAULT_SCRIPT) : undefined;
    return {
      ok: true,
      model: createSimulatedModel({ chunkDelayMs: simulatedChunkDelayMs, script }),
      providerOptions: providerOptionsFor(settings),
    };
  }

  if (provider === 'browser')
    return {
      ok: false,
      code: 'runs_in_browser',
      message:
        keyAdvice === 'page'
          ? 'In your browser (no key) runs in the page, not on the server: load a model file in the run settings, then send.'
          : 'In your browser (no key) runs a model file: give its path as --provider gguf:<file.gguf>.',
    };

  const operatorURL = entry.baseURLEnv ? env[entry.baseURLEnv]?.trim() || undefined : undefined;
  const requestedURL = settings.baseURL ?? operatorURL ?? entry.defaultBaseURL;
  if (!requestedURL) {
    return {
      ok: false,
      code: 'missing_base_url',
      message: `${entry.label} needs a base URL, e.g. http://localhost:11434/v1 for Ollama.`,
    };
  }
  const homes = [entry.defaultBaseURL, operatorURL].filter((url): url is string => url !== undefined);
  const known = [...homes, ...entry.presets.map((preset) => preset.baseURL)];
  const baseURL = checkBaseURL(requestedURL, readAllowedHosts(env), known);
  if (!baseURL.ok) return { ok: false, code: 'base_url_refused', message: baseURL.message };

  // The server's key goes only to the provider's own address (or the one the operator set),
  // never to a base URL named by a request: a link could otherwise point it at a logger.
  const serverKey = entry.keyEnv ? env[entry.keyEnv] || undefined : undefined;
  const atHome = homes.some((home) => sameBaseURL(home, baseURL.url));
  const apiKey = typedKey || (atHome ? serverKey : undefined);
  if (entry.needsKey && !apiKey) {
    return {
      ok: false,
      code: 'missing_key',
      message: missingKeyMessage(entry, homes, baseURL.url, serverKey, operatorURL, keyAdvice),
    };
  }
  const noRedirectFetch = createNoRedirectFetch(fetch);

  switch (provider) {
    case 'openai': {
      const openai = createOpenAI({ apiKey, baseURL: baseURL.url, fetch: noRedirectFetch });
      const model = settings.openaiApi === 'chat' ? openai.chat(modelId) : openai.responses(modelId);
      // Tool argument schemas are rarely strict-mode clean; structured mode asks for them as written.
      return { ok: true, model, providerOptions: providerOptionsFor(settings) };
    }
    case 'anthropic':
      return {
        ok: true,
        model: createAnthropic({ apiKey, baseURL: baseURL.url, fetch: noRedirectFetch })(modelId),
        providerOptions: providerOptionsFor(settings),
      };
    case 'google':
      return {
        ok: true,
        model: createGoogle({ apiKey, baseURL: baseURL.url, fetch: noRedirectFetch })(modelId),
        providerOptions: providerOptionsFor(settings),
      };
    case 'openai-compatible':
      return {
        ok: true,
        model: createOpenAICompatible({
          name: 'openaiCompatible',
          apiKey,
          baseURL: baseURL.url,
          fetch: noRedirectFetch,
        })(modelId),
        providerOptions: providerOptionsFor(settings),
      };
    default:
      return assertNever(provider);
  }
}
