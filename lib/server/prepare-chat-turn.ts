import 'server-only';
import {
  convertToModelMessages,
  type LanguageModel,
  type ModelMessage,
  safeValidateUIMessages,
  type ToolSet,
  type UIMessage,
  wrapLanguageModel,
} from 'ai';
import type { ChatRequest } from '../agent/chat-request-schema';
import { clip } from '../limits/clip';
import { createToolModeMiddleware } from '../providers/modes/create-tool-mode-middleware';
import { resolveToolCallingMode, type ToolCallingMode } from '../providers/modes/resolve-tool-calling-mode';
import type { ProviderId } from '../session/run-settings';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { buildTools } from './build-tools';

/** A chat request made ready for `streamText`: validated messages, tools, the mode it runs in. */
export type PreparedTurn = {
  messages: UIMessage[];
  modelMessages: ModelMessage[];
  tools: ToolSet;
  mode: ToolCallingMode;
};

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
): Promise<{ ok: true; turn: PreparedTurn } | { ok: false; message: string }> {
  const tools = buildTools(request.tools);
  const validated = await safeValidateUIMessages({ messages: request.messages as unknown as UIMessage[], tools });
  if (!validated.success) return { ok: false, message: describeInvalidMessages(validated.error) };
  const modelMessages = await convertToModelMessages(validated.data, { tools });
  const mode = resolveToolCallingMode(request.settings.mode, provider, request.settings.model);
  return { ok: true, turn: { messages: validated.data, modelMessages, tools, mode } };
}

/** The model in its tool-calling mode: as it is for native calling, else behind the decision middleware. */
export function withToolMode(model: LanguageModel, mode: ToolCallingMode): LanguageModel {
  const base = model as Parameters<typeof wrapLanguageModel>[0]['model'];
  if (mode === 'native') return base;
  return wrapLanguageModel({
    model: base,
    middleware: createToolModeMiddleware({ mode, checker: createSchemaChecker() }),
  });
}

/** The call settings every request of the turn carries. */
export function turnCallSettings(settings: ChatRequest['settings']) {
  return {
    system: settings.system || undefined,
    toolChoice: settings.toolChoice ?? 'auto',
    temperature: settings.temperature,
    maxOutputTokens: settings.maxOutputTokens,
  };
}
