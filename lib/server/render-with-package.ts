import 'server-only';
import { refuseDownloads } from './refuse-downloads';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { type LanguageModel, streamText } from 'ai';
import type { ChatRequest } from '../agent/chat-request-schema';
import type { ProviderId } from '../model/run-settings-defaults';
import type { WireFormat } from '../model/wire-capture';
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

/** Thrown by the capture-only fetch once it has what it came for: nothing leaves the server. */
class CapturedOnly extends Error {}

function modelFor(format: WireFormat, modelId: string, fetch: typeof globalThis.fetch): LanguageModel {
  const apiKey = 'render-only';
  switch (format) {
    case 'openai-chat':
      return createOpenAI({ apiKey, fetch }).chat(modelId);
    case 'openai-responses':
      return createOpenAI({ apiKey, fetch }).responses(modelId);
    case 'anthropic':
      return createAnthropic({ apiKey, fetch })(modelId);
    case 'gemini':
      return createGoogle({ apiKey, fetch })(modelId);
  }
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
): Promise<{ ok: true; captured: CapturedRequest } | { ok: false; message: string }> {
  const { provider } = FORMAT_PACKAGES[format];
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
  const target = { ...request.settings, provider, baseURL: undefined };
  const result = streamText({
    model: withToolMode(modelFor(format, request.settings.model, captureOnly), mode, target),
    ...turnCallSettings(target),
    messages: modelMessages,
    experimental_download: refuseDownloads,
    tools,
    providerOptions: providerOptionsFor(target),
    maxRetries: 0,
    onError: () => undefined,
  });
  for await (const part of result.fullStream) if (part.type === 'error' && captured) break;
  if (!captured) return { ok: false, message: `${FORMAT_PACKAGES[format].packageName} sent no request for this step.` };
  return { ok: true, captured };
}
