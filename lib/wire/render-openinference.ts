import {
  INPUT_MIME_TYPE,
  INPUT_VALUE,
  LLM_INPUT_MESSAGES,
  LLM_INVOCATION_PARAMETERS,
  LLM_MODEL_NAME,
  LLM_OUTPUT_MESSAGES,
  LLM_PROVIDER,
  LLM_SYSTEM,
  LLMProvider,
  LLMSystem,
  LLM_TOKEN_COUNT_COMPLETION,
  LLM_TOKEN_COUNT_PROMPT,
  LLM_TOKEN_COUNT_TOTAL,
  LLM_TOOLS,
  MESSAGE_CONTENT,
  MESSAGE_ROLE,
  MESSAGE_TOOL_CALL_ID,
  MESSAGE_TOOL_CALLS,
  MimeType,
  OpenInferenceSpanKind,
  OUTPUT_MIME_TYPE,
  OUTPUT_VALUE,
  SemanticConventions,
  TOOL_CALL_FUNCTION_ARGUMENTS_JSON,
  TOOL_CALL_FUNCTION_NAME,
  TOOL_CALL_ID,
  TOOL_JSON_SCHEMA,
  TOOL_NAME,
} from '@arizeai/openinference-semantic-conventions';
import { argumentsJson, type WireStep, type WireToolCall } from './wire-types';

/** Flat span attributes, as OpenInference and OTLP carry them. */
export type SpanAttributes = Record<string, string | number>;

const SPAN_KIND = SemanticConventions.OPENINFERENCE_SPAN_KIND;

function addToolCalls(attributes: SpanAttributes, prefix: string, calls: WireToolCall[]) {
  calls.forEach((call, index) => {
    const at = `${prefix}.${MESSAGE_TOOL_CALLS}.${index}`;
    attributes[`${at}.${TOOL_CALL_ID}`] = call.id;
    attributes[`${at}.${TOOL_CALL_FUNCTION_NAME}`] = call.name;
    attributes[`${at}.${TOOL_CALL_FUNCTION_ARGUMENTS_JSON}`] = argumentsJson(call.input);
  });
}

const CONVENTION_PROVIDERS: Record<string, string> = {
  openai: LLMProvider.OPENAI,
  anthropic: LLMProvider.ANTHROPIC,
  google: LLMProvider.GOOGLE,
};
const CONVENTION_SYSTEMS: Record<string, string> = {
  openai: LLMSystem.OPENAI,
  anthropic: LLMSystem.ANTHROPIC,
  google: LLMSystem.VERTEXAI,
};

/** The LLM span of one model step (seed 001): tools, input messages, output message, tokens. */
export function renderLLMSpanAttributes({ request, response }: WireStep, provider: string): SpanAttributes {
  const attributes: SpanAttributes = {
    [SPAN_KIND]: OpenInferenceSpanKind.LLM,
    [LLM_MODEL_NAME]: response.model,
    // Only values the conventions define (LLMProvider / LLMSystem); the simulated model and custom servers have none.
    ...(CONVENTION_PROVIDERS[provider] ? { [LLM_PROVIDER]: CONVENTION_PROVIDERS[provider] } : {}),
    ...(CONVENTION_SYSTEMS[provider] ? { [LLM_SYSTEM]: CONVENTION_SYSTEMS[provider] } : {}),
    // What the instrumentations also write: the request and the reply as values.
    [INPUT_VALUE]: JSON.stringify({ model: request.model, system: request.system, messages: request.messages }),
    [INPUT_MIME_TYPE]: MimeType.JSON,
    [OUTPUT_VALUE]:
      response.toolCalls.length > 0
        ? JSON.stringify({ text: response.text, tool_calls: response.toolCalls })
        : response.text,
    [OUTPUT_MIME_TYPE]: response.toolCalls.length > 0 ? MimeType.JSON : MimeType.TEXT,
    [LLM_INVOCATION_PARAMETERS]: JSON.stringify({
      tool_choice: request.toolChoice,
      ...(request.parallelToolCalls === undefined ? {} : { parallel_tool_calls: request.parallelToolCalls }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxOutputTokens === undefined ? {} : { max_tokens: request.maxOutputTokens }),
    }),
  };
  request.tools.forEach((tool, index) => {
    attributes[`${LLM_TOOLS}.${index}.${TOOL_JSON_SCHEMA}`] = JSON.stringify({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    });
  });
  const input = [...(request.system ? [{ role: 'system' as const, text: request.system }] : []), ...request.messages];
  input.forEach((message, index) => {
    const at = `${LLM_INPUT_MESSAGES}.${index}`;
    attributes[`${at}.${MESSAGE_ROLE}`] = message.role;
    if (message.role === 'tool') {
      attributes[`${at}.${MESSAGE_CONTENT}`] = message.content;
      attributes[`${at}.${MESSAGE_TOOL_CALL_ID}`] = message.toolCallId;
    } else {
      if (message.text) attributes[`${at}.${MESSAGE_CONTENT}`] = message.text;
      if (message.role === 'assistant') addToolCalls(attributes, at, message.toolCalls);
    }
  });
  const output = `${LLM_OUTPUT_MESSAGES}.0`;
  attributes[`${output}.${MESSAGE_ROLE}`] = 'assistant';
  if (response.text) attributes[`${output}.${MESSAGE_CONTENT}`] = response.text;
  addToolCalls(attributes, output, response.toolCalls);
  if (response.usage) {
    attributes[LLM_TOKEN_COUNT_PROMPT] = response.usage.inputTokens;
    attributes[LLM_TOKEN_COUNT_COMPLETION] = response.usage.outputTokens;
    attributes[LLM_TOKEN_COUNT_TOTAL] = response.usage.inputTokens + response.usage.outputTokens;
  }
  return attributes;
}

/** The TOOL span of one call: its name, id, arguments in, result out. */
export function renderToolSpanAttributes(call: WireToolCall, result: string | undefined): SpanAttributes {
  return {
    [SPAN_KIND]: OpenInferenceSpanKind.TOOL,
    [TOOL_NAME]: call.name,
    [TOOL_CALL_ID]: call.id,
    [INPUT_VALUE]: argumentsJson(call.input),
    [INPUT_MIME_TYPE]: MimeType.JSON,
    ...(result === undefined ? {} : { [OUTPUT_VALUE]: result, [OUTPUT_MIME_TYPE]: MimeType.TEXT }),
  };
}
