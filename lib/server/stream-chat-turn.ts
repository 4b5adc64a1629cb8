import 'server-only';
import { refuseDownloads } from './refuse-downloads';
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  streamText,
  toUIMessageStream,
  type LanguageModel,
  wrapLanguageModel,
} from 'ai';
import type { ChatRequest } from '../agent/chat-route';
import { stepReport } from '../agent/step-report';
import { PROVIDER_CATALOG } from '../providers/provider-catalog';
import { routeErrorResponse } from './route-errors';
import { formatOfProvider } from '../wire/wire-capture';
import type { WireCapture } from '../shapes/wire-capture';
import { type CapturedExchange, createCaptureFetch } from './capture-fetch';
import { describeProviderError } from './describe-provider-error';
import { prepareChatTurn, turnCallSettings, withToolMode } from './prepare-chat-turn';
import { redactSecrets } from './redact-secrets';
import { type KeyAdvice, resolveModel } from './resolve-model';
import { createModeFallbackMiddleware } from './mode-fallback-middleware';
import { createHistorySummarizer } from './summarize-history';
import { createRetryMiddleware, type RetryPolicy } from './retry-middleware';

/** A model that sends nothing for this long is given up on (reasoning models think long). */
const DEFAULT_TIMEOUTS = { firstChunkMs: 120_000, chunkMs: 60_000, stepMs: 600_000 };

export type ChatTurnOptions = {
  /** Pause between the simulated model's chunks, in ms (so a person can watch it stream). */
  simulatedChunkDelayMs: number;
  /** The server's environment (keys, PLAYGROUND_ALLOWED_HOSTS). */
  env?: Record<string, string | undefined>;
  /** A key the user typed, from the x-provider-key header. */
  typedKey?: string;
  /** Aborted when the browser stops the run. */
  signal?: AbortSignal;
  retryPolicy?: RetryPolicy;
  /** How long to wait for the first chunk and between chunks, in ms. */
  timeouts?: { firstChunkMs: number; chunkMs: number; stepMs: number };
  fetch?: typeof fetch;
  /** Whom a missing key's sentence speaks to: the page (run settings) or a terminal (`npm run eval`: the environment). */
  keyAdvice?: KeyAdvice;
};

type WrappableModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** Auto mode's first try on an OpenAI-compatible server: native, then validated JSON if the server refuses tools. */
function withModeFallback(
  native: LanguageModel,
  validated: () => LanguageModel,
  on: boolean,
  onFallback: (sentence: string) => void,
): WrappableModel {
  if (!on) return native as WrappableModel;
  return wrapLanguageModel({
    model: native as WrappableModel,
    middleware: createModeFallbackMiddleware({
      fallback: validated() as WrappableModel as never,
      onFallback,
    }),
  });
}

/**
 * Runs one model step for a chat request and answers with the AI SDK UI message stream.
 * Retries appear in the stream as `data-retry` parts; errors as one sentence, keys removed.
 */
export async function streamChatTurn(request: ChatRequest, options: ChatTurnOptions): Promise<Response> {
  const env = options.env ?? {};
  const { settings } = request;
  // Every request the provider package sends is captured as sent (keys removed) for the Wire view.
  let lastExchange: CapturedExchange | undefined;
  const resolved = resolveModel({
    settings,
    typedKey: options.typedKey,
    env,
    simulatedChunkDelayMs: options.simulatedChunkDelayMs,
    keyAdvice: options.keyAdvice,
    fetch: createCaptureFetch(options.fetch ?? fetch, (exchange) => {
      lastExchange = exchange;
    }),
  });
  const format = formatOfProvider(settings.provider, settings.openaiApi);
  if (!resolved.ok) return routeErrorResponse(resolved.code, resolved.message);

  const label = PROVIDER_CATALOG[settings.provider].label;
  const keyEnv: string | undefined = PROVIDER_CATALOG[settings.provider].keyEnv;
  const secrets = [options.typedKey ?? '', keyEnv ? (env[keyEnv] ?? '') : ''];
  const describe = (error: unknown) => describeProviderError(error, label, secrets);
  const summarizer = createHistorySummarizer(resolved.model, describe, options.signal);
  const prepared = await prepareChatTurn(request, settings.provider, summarizer);
  if (!prepared.ok) return routeErrorResponse('invalid_messages', prepared.message);
  const { messages, modelMessages, tools, mode, history } = prepared.turn;

  const stream = createUIMessageStream({
    originalMessages: messages,
    onError: describe,
    execute: ({ writer }) => {
      // Retries wrap the mode, so a failed request inside a decision retry is retried too.
      const model = wrapLanguageModel({
        model: withModeFallback(
          withToolMode(resolved.model, mode, settings),
          () => withToolMode(resolved.model, 'validated', settings),
          (settings.mode ?? 'auto') === 'auto' && settings.provider === 'openai-compatible' && mode === 'native',
          (reason) =>
            writer.write({
              type: 'data-retry',
              data: { attempt: 1, maxRetries: 1, delayMs: 0, reason: redactSecrets(reason, secrets), fallback: true },
            }),
        ),
        middleware: createRetryMiddleware({
          policy: options.retryPolicy,
          onRetry: (notice) =>
            writer.write({ type: 'data-retry', data: { ...notice, reason: redactSecrets(notice.reason, secrets) } }),
        }),
      });
      const startedMs = Date.now();
      const result = streamText({
        model,
        ...turnCallSettings(settings),
        messages: modelMessages,
        experimental_download: refuseDownloads,
        tools,
        maxRetries: 0,
        abortSignal: options.signal,
        timeout: options.timeouts ?? DEFAULT_TIMEOUTS,
        providerOptions: resolved.providerOptions,
        // Timing and tokens of the step, for the timeline's step band and the inspector.
        onStepEnd: ({ usage, finishReason, response }) => {
          // Transient: shown in this browser's Inspector, never kept in the session, a file or a link.
          if (lastExchange && format) {
            const { request: sent, status, rawResponse, truncated } = lastExchange;
            const capture: WireCapture = {
              format,
              request: sent,
              status,
              rawResponse: redactSecrets(rawResponse, secrets),
              truncated,
            };
            writer.write({ type: 'data-wire', data: capture, transient: true });
            lastExchange = undefined;
          }
          // What this request carried of the conversation (kept in the session: the timeline shows it).
          if (history) writer.write({ type: 'data-history', data: history });
          // Worked out when the step ends, so the first byte does not wait for it.
          writer.write({
            type: 'data-step',
            data: stepReport(request, tools, { usage, finishReason, response }, startedMs),
          });
        },
        // One sanitised line for the operator; the person sees the same sentence in the chat.
        onError: ({ error }) => console.warn(`[chat] ${describe(error)}`),
        // A timeout aborts the step quietly; only a stop the browser asked for should be quiet.
        onAbort: () => {
          if (options.signal?.aborted) return;
          const seconds = Math.round((options.timeouts ?? DEFAULT_TIMEOUTS).stepMs / 1000);
          writer.write({
            type: 'error',
            errorText: `No complete answer from ${label} in time (the step limit is ${seconds} s, or the model went silent). Send again, or try a faster model.`,
          });
        },
      });
      writer.merge(toUIMessageStream({ stream: result.stream, onError: describe }));
    },
  });
  return createUIMessageStreamResponse({ stream });
}
