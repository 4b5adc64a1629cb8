import 'server-only';
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  dynamicTool,
  jsonSchema,
  safeValidateUIMessages,
  streamText,
  toUIMessageStream,
  wrapLanguageModel,
  type JSONSchema7,
  type ToolSet,
  type UIMessage,
} from 'ai';
import type { ChatRequest } from '../agent/chat-request-schema';
import { PROVIDER_CATALOG } from '../providers/provider-catalog';
import type { ToolSpec } from '../tools/tool-spec';
import { createToolModeMiddleware } from '../providers/modes/create-tool-mode-middleware';
import { resolveToolCallingMode } from '../providers/modes/resolve-tool-calling-mode';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { clip } from '../limits/clip';
import { chatErrorResponse } from './chat-errors';
import { describeProviderError } from './describe-provider-error';
import { redactSecrets } from './redact-secrets';
import { resolveModel } from './resolve-model';
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
};

/**
 * Tools for the model from their JSON Schemas, with no `execute`: the step ends at the tool
 * calls and the browser runs them. Arguments are validated there, by the executor.
 */
function buildTools(specs: readonly ToolSpec[]): ToolSet {
  return Object.fromEntries(
    specs.map((spec) => [
      spec.name,
      dynamicTool({ description: spec.description, inputSchema: jsonSchema(spec.inputSchema as JSONSchema7) }),
    ]),
  );
}

/** Why the messages are invalid, without echoing them (the SDK's message repeats the whole value). */
function describeInvalidMessages(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  const reason =
    cause instanceof Error ? cause.message : error.message.replace(/: Value: [\s\S]*?\.\nError message: /, ': ');
  return `The messages are not valid UI messages: ${clip(reason, 500)}`;
}

/**
 * Runs one model step for a chat request and answers with the AI SDK UI message stream.
 * Retries appear in the stream as `data-retry` parts; errors as one sentence, keys removed.
 */
export async function streamChatTurn(request: ChatRequest, options: ChatTurnOptions): Promise<Response> {
  const env = options.env ?? {};
  const { settings } = request;
  const resolved = resolveModel({
    settings,
    typedKey: options.typedKey,
    env,
    simulatedChunkDelayMs: options.simulatedChunkDelayMs,
    fetch: options.fetch,
  });
  if (!resolved.ok) return chatErrorResponse(resolved.code, resolved.message);

  const tools = buildTools(request.tools);
  const validated = await safeValidateUIMessages({ messages: request.messages as unknown as UIMessage[], tools });
  if (!validated.success) return chatErrorResponse('invalid_messages', describeInvalidMessages(validated.error));
  const messages = validated.data;
  const label = PROVIDER_CATALOG[settings.provider].label;
  const keyEnv: string | undefined = PROVIDER_CATALOG[settings.provider].keyEnv;
  const secrets = [options.typedKey ?? '', keyEnv ? (env[keyEnv] ?? '') : ''];
  const describe = (error: unknown) => describeProviderError(error, label, secrets);
  const modelMessages = await convertToModelMessages(messages, { tools });
  const mode = resolveToolCallingMode(settings.mode, settings.provider, settings.model);

  const stream = createUIMessageStream({
    originalMessages: messages,
    onError: describe,
    execute: ({ writer }) => {
      const base = resolved.model as Parameters<typeof wrapLanguageModel>[0]['model'];
      // Retries wrap the mode, so a failed request inside a decision retry is retried too.
      const model = wrapLanguageModel({
        model:
          mode === 'native'
            ? base
            : wrapLanguageModel({
                model: base,
                middleware: createToolModeMiddleware({ mode, checker: createSchemaChecker() }),
              }),
        middleware: createRetryMiddleware({
          policy: options.retryPolicy,
          onRetry: (notice) =>
            writer.write({ type: 'data-retry', data: { ...notice, reason: redactSecrets(notice.reason, secrets) } }),
        }),
      });
      const startedMs = Date.now();
      const result = streamText({
        model,
        system: settings.system || undefined,
        messages: modelMessages,
        tools,
        toolChoice: settings.toolChoice ?? 'auto',
        temperature: settings.temperature,
        maxOutputTokens: settings.maxOutputTokens,
        maxRetries: 0,
        abortSignal: options.signal,
        timeout: options.timeouts ?? DEFAULT_TIMEOUTS,
        providerOptions: resolved.providerOptions,
        // Timing and tokens of the step, for the timeline's step band and the inspector.
        onStepEnd: ({ usage, finishReason, response }) =>
          writer.write({
            type: 'data-step',
            data: {
              provider: settings.provider,
              model: response.modelId || settings.model,
              durationMs: Date.now() - startedMs,
              inputTokens: usage.inputTokens,
              outputTokens: usage.outputTokens,
              finishReason,
            },
          }),
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
