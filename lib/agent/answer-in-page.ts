import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  type LanguageModel,
  safeValidateUIMessages,
  streamText,
  toUIMessageStream,
  type UIMessage,
} from 'ai';
import { LOCAL_PROVIDER_ID, type LocalStepReport } from '../providers/local-model/create-local-model';
import { buildTools } from './build-model-tools';
import { type ChatRequest, CHAT_ROUTE, chatRequestSchema } from './chat-route';
import { stepReport } from './step-report';

/*
 * A model step answered in the page, for a model that runs here (`In your browser (no key)`): the
 * same body the chat route reads, answered with the same UI message stream — the step's
 * `data-step` report and, for the local model, a `data-local` part (its decision's probabilities,
 * its sampler settings, what it wrote) — so the loop, sampler, replay and evals cannot tell.
 */

/** Why a local step could not start, as the sentence the chat shows. */
export type LocalModelAccess = () => Promise<{ ok: true; model: LanguageModel } | { ok: false; error: string }>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const errorResponse = (message: string, status = 400) =>
  Response.json({ error: { code: 'runs_in_browser', message } }, { status });

/** Runs one model step of `request` with a model in the page; answers as `POST /api/chat` does. */
export async function answerInPage(
  request: ChatRequest,
  model: LanguageModel,
  signal?: AbortSignal,
): Promise<Response> {
  const { settings } = request;
  const tools = buildTools(request.tools);
  const validated = await safeValidateUIMessages({ messages: request.messages as unknown as UIMessage[], tools });
  if (!validated.success) return errorResponse(`The messages are not valid UI messages: ${validated.error.message}`);
  const modelMessages = await convertToModelMessages(validated.data, { tools });
  const stream = createUIMessageStream({
    originalMessages: validated.data,
    onError: messageOf,
    execute: ({ writer }) => {
      const startedMs = Date.now();
      const result = streamText({
        model,
        system: settings.system || undefined,
        messages: modelMessages,
        tools,
        toolChoice: settings.toolChoice ?? 'auto',
        temperature: settings.temperature,
        topP: settings.topP,
        topK: settings.topK,
        seed: settings.seed,
        maxOutputTokens: settings.maxOutputTokens,
        maxRetries: 0,
        abortSignal: signal,
        providerOptions: { [LOCAL_PROVIDER_ID]: { constrain: settings.constrain !== false } },
        onStepEnd: (end) => {
          const report = end.providerMetadata?.[LOCAL_PROVIDER_ID] as LocalStepReport | undefined;
          if (report) {
            // The prompt text is long and this tab's alone (like the Wire view's capture); the rest is kept.
            writer.write({ type: 'data-local-prompt', data: { prompt: report.prompt }, transient: true });
            const { prompt: _prompt, ...kept } = report;
            writer.write({ type: 'data-local', data: kept });
          }
          writer.write({ type: 'data-step', data: stepReport(request, tools, end, startedMs) });
        },
      });
      // The model's own failure is the chat's error, in its words (not the SDK's "An error occurred.").
      writer.merge(toUIMessageStream({ stream: result.stream, onError: messageOf }));
    },
  });
  return createUIMessageStreamResponse({ stream });
}

/**
 * The page's fetch for model steps: a chat request whose provider is `browser` is answered here by
 * the local model; every other request goes to `fetch` unchanged.
 */
export function createInPageFetch(fetch: typeof globalThis.fetch, local: LocalModelAccess): typeof globalThis.fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.startsWith('/') ? url : new URL(url).pathname;
    if (path !== CHAT_ROUTE || init?.method !== 'POST' || typeof init.body !== 'string') return fetch(input, init);
    let body: unknown;
    try {
      body = JSON.parse(init.body);
    } catch {
      return fetch(input, init);
    }
    if ((body as { settings?: { provider?: unknown } })?.settings?.provider !== 'browser') return fetch(input, init);
    const request = chatRequestSchema.safeParse(body);
    if (!request.success) return errorResponse('The request for the model in your browser is not a chat request.');
    const access = await local();
    if (!access.ok) return errorResponse(access.error);
    return answerInPage(request.data, access.model, init.signal ?? undefined);
  };
}
