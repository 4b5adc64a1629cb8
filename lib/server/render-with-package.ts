import 'server-only';
import { refuseDownloads } from './refuse-downloads';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LanguageModel, streamText } from 'ai';
import type { ChatRequest } from '../agent/chat-route';
import type { ProviderId } from '../shapes/run-settings-defaults';
import type { WireFormat } from '../shapes/wire-capture';
import { type CapturedRequest, captureRequest } from './capture-fetch';
import { prepareChatTurn, turnCallSettings, withToolMode } from './prepare-chat-turn';
import { providerOptionsFor } from '../providers/provider-options';

/** Which AI SDK package renders each format, and the npm name shown as its source. */
export const FORMAT_PACKAGES = {
  'openai-chat': { provider: 'openai', packageName: '@ai-sdk/openai (Chat Completions)' },
  'openai-responses': { provider: 'openai', packageName: '@ai-sdk/openai (Responses)' },
  anthropic: { provider: 'anthropic', packageName: '@ai-sdk/anthropic' },
  gemini: { provider: 'google', packageName: '@ai-sdk/google' },
} as const satisfies Record<WireFormat, { provider: ProviderId; packageName: string }>;

/** The package an OpenAI-compatible server's runs use, for their own Chat Completions format. */
const COMPATIBLE_PACKAGE = '@ai-sdk/openai-compatible';
/** Where a compatible server without a base URL would be (the path is all a render keeps). */
const COMPATIBLE_PLACEHOLDER_URL = 'http://localhost:11434/v1';

/** Thrown by the capture-only fetch once it has what it came for: nothing leaves the server. */
export class CapturedOnly extends Error {}

type Renderer = { model: LanguageModel; target: ChatRequest['settings']; packageName: string };

/**
 * A provider package's model for `modelId` in `format` — `openai-compatible`: @ai-sdk/openai-compatible
 * at `baseURL` — calling `fetch` (a capture-only one: no key is needed, nothing is sent).
 */
export function packageModel(
  format: WireFormat | 'openai-compatible',
  modelId: string,
  fetch: typeof globalThis.fetch,
  baseURL = COMPATIBLE_PLACEHOLDER_URL,
): { model: LanguageModel; packageName: string } {
  const apiKey = 'render-only';
  switch (format) {
    case 'openai-compatible':
      return {
        model: createOpenAICompatible({ name: 'openaiCompatible', apiKey, baseURL, fetch })(modelId),
        packageName: COMPATIBLE_PACKAGE,
      };
    case 'openai-chat':
      return { model: createOpenAI({ apiKey, fetch }).chat(modelId), packageName: FORMAT_PACKAGES[format].packageName };
    case 'openai-responses':
      return {
        model: createOpenAI({ apiKey, fetch }).responses(modelId),
        packageName: FORMAT_PACKAGES[format].packageName,
      };
    case 'anthropic':
      return { model: createAnthropic({ apiKey, fetch })(modelId), packageName: FORMAT_PACKAGES[format].packageName };
    case 'gemini':
      return { model: createGoogle({ apiKey, fetch })(modelId), packageName: FORMAT_PACKAGES[format].packageName };
  }
}

/**
 * The package that renders `format` for these settings: the run's own package for its own
 * format (an OpenAI-compatible server's Chat Completions come from @ai-sdk/openai-compatible,
 * shaped for that server), else the format's package for the same model id.
 */
function rendererFor(format: WireFormat, settings: ChatRequest['settings'], fetch: typeof globalThis.fetch): Renderer {
  if (format === 'openai-chat' && settings.provider === 'openai-compatible') {
    const baseURL = settings.baseURL ?? COMPATIBLE_PLACEHOLDER_URL;
    return { ...packageModel('openai-compatible', settings.model, fetch, baseURL), target: { ...settings, baseURL } };
  }
  const target = { ...settings, provider: FORMAT_PACKAGES[format].provider, baseURL: undefined };
  return { ...packageModel(format, settings.model, fetch), target };
}

/**
 * The request the real provider package would send for a chat request's next step, captured
 * by the package's own `fetch` hook, which records the call and ends it there: no network,
 * no key. It is built exactly as the run builds its requests (same messages conversion, tool
 * mode, call settings and provider options), so for the provider that ran it is the body
 * that was sent, and for another it is what that provider would receive.
 */
export async function renderWithPackage(
  request: ChatRequest,
  format: WireFormat,
): Promise<{ ok: true; captured: CapturedRequest; packageName: string } | { ok: false; message: string }> {
  // The tool-calling mode the run used (resolved for its own provider), shown in another provider's format.
  const prepared = await prepareChatTurn(request, request.settings.provider);
  if (!prepared.ok) return prepared;
  const { modelMessages, tools, mode } = prepared.turn;
  let captured: CapturedRequest | undefined;
  const captureOnly = (async (input: RequestInfo | URL, init?: RequestInit) => {
    captured = captureRequest(input, init);
    throw new CapturedOnly('captured');
  }) as typeof fetch;
  // Shaped by what the package's provider can do, for the same model id.
  const { model, target, packageName } = rendererFor(format, request.settings, captureOnly);
  const result = streamText({
    model: withToolMode(model, mode, target),
    ...turnCallSettings(target),
    messages: modelMessages,
    experimental_download: refuseDownloads,
    tools,
    providerOptions: providerOptionsFor(target),
    maxRetries: 0,
    onError: () => undefined,
  });
  for await (const part of result.fullStream) if (part.type === 'error' && captured) break;
  if (!captured) return { ok: false, message: `${packageName} sent no request for this step.` };
  return { ok: true, captured, packageName };
}
