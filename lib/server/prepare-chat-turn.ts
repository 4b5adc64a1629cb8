import 'server-only';
import {
  convertToModelMessages,
  type LanguageModel,
  type LanguageModelMiddleware,
  type ModelMessage,
  safeValidateUIMessages,
  type ToolSet,
  type UIMessage,
  wrapLanguageModel,
} from 'ai';
import type { ChatRequest } from '../agent/chat-route';
import { clip } from '../limits/clip';
import { createToolModeMiddleware } from '../providers/modes/create-tool-mode-middleware';
import { argsEchoMiddleware } from '../providers/modes/args-echo-middleware';
import { parallelOnlyWithTools } from '../providers/parallel-only-with-tools';
import { recordFloatIntegers } from '../providers/record-float-integers';
import { resolveToolCallingMode } from '../providers/modes/resolve-tool-calling-mode';
import type { ToolCallingMode } from '../shapes/run-settings-defaults';
import type { RunSettings } from '../shapes/run-settings';
import type { ProviderId } from '../shapes/run-settings-defaults';
import { supports } from '../providers/model-capabilities';
import { buildTools } from '../agent/build-model-tools';
import { estimateTokens } from '../limits/estimate-tokens';
import { transcriptOf } from '../messages/history-summary';
import { applyHistory, type HistoryReport, historyNote, planHistory } from '../messages/plan-history';
import { sharedSchemaChecker } from './shared-schema-checker';

/** A chat request made ready for `streamText`: validated messages, tools, the mode it runs in. */
export type PreparedTurn = {
  messages: UIMessage[];
  modelMessages: ModelMessage[];
  tools: ToolSet;
  mode: ToolCallingMode;
  /** What the request carries of the conversation, when a history policy is set. */
  history: HistoryReport | undefined;
};

/** Makes a summary of a transcript with the run's model; says why in `error` when it cannot. */
export type HistorySummarizer = (
  transcript: string,
) => Promise<{ ok: true; summary: string } | { ok: false; error: string }>;

/** The newest summary an earlier request sent that covers only units left out now. */
function latestSummary(
  messages: readonly UIMessage[],
  omitted: readonly { key: string }[],
): (HistoryReport & { note: string }) | undefined {
  const now = new Set(omitted.map((unit) => unit.key));
  for (const message of [...messages].reverse()) {
    for (const part of [...message.parts].reverse()) {
      if (part.type !== 'data-history') continue;
      const report = (part as { data: HistoryReport }).data;
      if (report.strategy !== 'summarize' || !report.note || report.summaryError) continue;
      if (report.omitted.every((key) => now.has(key))) return report as HistoryReport & { note: string };
    }
  }
  return undefined;
}

/**
 * The conversation cut to the session's history policy. Without a summarizer (rendering a
 * request nobody sends), a summary is stood in for by the plain note.
 */
async function shortenHistory(
  messages: UIMessage[],
  settings: ChatRequest['settings'],
  summarize: HistorySummarizer | undefined,
): Promise<{ sent: UIMessage[]; report: HistoryReport | undefined }> {
  const policy = settings.history;
  if (!policy || policy.strategy === 'none') return { sent: messages, report: undefined };
  const plan = planHistory(messages, policy);
  let summary: string | undefined;
  let summaryError: string | undefined;
  let note: string | undefined;
  if (plan.strategy === 'summarize' && plan.omitted.length > 0 && summarize) {
    // An earlier step's summary is reused when it covers the same units, and extended when it covers some.
    const earlier = latestSummary(messages, plan.omitted);
    const fresh = plan.omitted.filter((unit) => !earlier?.omitted.includes(unit.key));
    if (earlier && fresh.length === 0) note = earlier.note;
    else {
      const made = await summarize([earlier?.note ?? '', transcriptOf(fresh)].filter(Boolean).join('\n'));
      if (made.ok) summary = made.summary;
      else summaryError = made.error;
    }
  }
  note ??= historyNote(plan.omitted, summary);
  const omitted = plan.omitted.map((unit) => unit.key);
  const report: HistoryReport = {
    strategy: plan.strategy,
    maxTokens: policy.maxTokens,
    keepLast: policy.keepLast,
    estimatedTokens: plan.estimatedTokens,
    sentTokens: plan.keptTokens + (note ? estimateTokens(note) : 0),
    omitted,
    note,
    summaryError,
  };
  return { sent: applyHistory(messages, report), report };
}

/** Why the messages are invalid, without echoing them (the SDK's message repeats the whole value). */
function describeInvalidMessages(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  const reason =
    cause instanceof Error ? cause.message : error.message.replace(/: Value: [\s\S]*?\.\nError message: /, ': ');
  return `The messages are not valid UI messages: ${clip(reason, 500)}`;
}

/**
 * What every model request of a chat turn is built from — shared by the real run and by
 * rendering a step with another provider's package, so both send the same thing.
 */
export async function prepareChatTurn(
  request: ChatRequest,
  provider: ProviderId,
  summarize?: HistorySummarizer,
): Promise<{ ok: true; turn: PreparedTurn } | { ok: false; message: string }> {
  // Strict schemas where the provider enforces them (OpenAI) and a tool's schema allows it.
  const strict =
    request.settings.strictTools ??
    (request.settings.provider === 'openai' && supports(request.settings, 'strictSchemas'));
  const tools = buildTools(request.tools, { strict, force: request.settings.strictTools === true });
  const validated = await safeValidateUIMessages({ messages: request.messages as unknown as UIMessage[], tools });
  if (!validated.success) return { ok: false, message: describeInvalidMessages(validated.error) };
  const { sent, report } = await shortenHistory(validated.data, request.settings, summarize);
  const modelMessages = await convertToModelMessages(sent, { tools });
  const mode = resolveToolCallingMode(request.settings.mode, provider, request.settings.model);
  return { ok: true, turn: { messages: validated.data, modelMessages, tools, mode, history: report } };
}

/** Drops the tool choice from every request, for a model that has none (the SDK would send `auto`). */
const withoutToolChoice: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  transformParams: async ({ params }) => ({ ...params, toolChoice: undefined }),
};

/**
 * The model in its tool-calling mode — as it is for native calling, else behind the decision
 * middleware — and shaped by its capabilities (no tool choice where it has none).
 */
export function withToolMode(
  model: LanguageModel,
  mode: ToolCallingMode,
  settings: Pick<RunSettings, 'provider' | 'model' | 'baseURL'>,
): LanguageModel {
  // Next to the provider's model: they see the request as it goes out (modes may take the tools
  // out) and the calls as the model wrote them.
  let shaped = wrapLanguageModel({
    model: model as Parameters<typeof wrapLanguageModel>[0]['model'],
    middleware: [parallelOnlyWithTools, recordFloatIntegers],
  });
  // Native replies that only repeat a call's arguments as text lose that text (seed 003).
  if (mode === 'native') shaped = wrapLanguageModel({ model: shaped, middleware: argsEchoMiddleware });
  if (mode !== 'native') {
    shaped = wrapLanguageModel({
      model: shaped,
      middleware: createToolModeMiddleware({ mode, checker: sharedSchemaChecker() }),
    });
  }
  if (!supports(settings, 'toolChoice')) shaped = wrapLanguageModel({ model: shaped, middleware: withoutToolChoice });
  return shaped;
}

/** The call settings every request of the turn carries (tool choice only where the model has it). */
export function turnCallSettings(settings: ChatRequest['settings']) {
  return {
    system: settings.system || undefined,
    toolChoice: supports(settings, 'toolChoice') ? (settings.toolChoice ?? 'auto') : undefined,
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
  };
}
