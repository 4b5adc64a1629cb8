import 'server-only';
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  dynamicTool,
  jsonSchema,
  safeValidateUIMessages,
  streamText,
  toUIMessageStream,
  type JSONSchema7,
  type ToolSet,
  type UIMessage,
} from 'ai';
import type { ChatRequest } from '../agent/chat-request-schema';
import { createSimulatedModel, SIMULATED_PROVIDER_ID } from '../providers/simulated/create-simulated-model';
import type { ToolSpec } from '../tools/tool-spec';
import { chatErrorResponse } from './chat-errors';

export type ChatTurnOptions = {
  /** Pause between the simulated model's chunks, in ms (so a person can watch it stream). */
  simulatedChunkDelayMs: number;
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

/** Says what went wrong in a stream without echoing request headers or keys. */
function describeStreamError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/(sk|key|token)[-_][A-Za-z0-9_-]{8,}/gi, '[redacted]');
}

/** Runs one model step for a chat request and answers with the AI SDK UI message stream. */
export async function streamChatTurn(request: ChatRequest, options: ChatTurnOptions): Promise<Response> {
  if (request.settings.provider !== SIMULATED_PROVIDER_ID) {
    return chatErrorResponse(
      'provider_unavailable',
      `The ${request.settings.provider} provider is not available in this build yet; choose Simulated.`,
    );
  }
  const tools = buildTools(request.tools);
  const validated = await safeValidateUIMessages({ messages: request.messages as unknown as UIMessage[], tools });
  if (!validated.success) return chatErrorResponse('invalid_messages', validated.error.message);
  const messages = validated.data;

  const { toolChoice, temperature, parallelToolCalls } = request.settings;
  const result = streamText({
    model: createSimulatedModel({ chunkDelayMs: options.simulatedChunkDelayMs }),
    messages: await convertToModelMessages(messages, { tools }),
    tools,
    toolChoice: toolChoice ?? 'auto',
    temperature,
    providerOptions: { [SIMULATED_PROVIDER_ID]: { parallelToolCalls: parallelToolCalls ?? true } },
  });
  return createUIMessageStreamResponse({
    stream: toUIMessageStream({ stream: result.stream, originalMessages: messages, onError: describeStreamError }),
  });
}
