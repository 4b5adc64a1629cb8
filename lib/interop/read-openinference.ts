import {
  INPUT_MIME_TYPE,
  INPUT_VALUE,
  LLM_INVOCATION_PARAMETERS,
  LLM_PROVIDER,
  LLM_SYSTEM,
  LLM_TOOLS,
  MESSAGE_CONTENT,
  MESSAGE_CONTENT_TEXT,
  MESSAGE_CONTENT_TYPE,
  MESSAGE_CONTENTS,
  MESSAGE_ROLE,
  MESSAGE_TOOL_CALL_ID,
  MESSAGE_TOOL_CALLS,
  METADATA,
  MimeType,
  TOOL_CALL_FUNCTION_ARGUMENTS_JSON,
  TOOL_CALL_FUNCTION_NAME,
  TOOL_CALL_ID,
  TOOL_JSON_SCHEMA,
} from '@arizeai/openinference-semantic-conventions';
import { PLAYGROUND_PROVIDER, type OtlpSpan } from './export-otlp';

/**
 * Reading OpenInference span attributes as each common producer writes them: the playground's
 * own export, the instrumentations of the OpenAI SDK (Chat Completions and Responses), the
 * Anthropic SDK and LangChain.js. They differ in where text sits (`message.content` or
 * `message.contents.N`), how tools are shaped (each API's own tool format), whether calls have
 * ids (LangChain's have none) and where results go (a `tool` message, or a `user` one).
 */

export type Attributes = Map<string, string | number>;

export function readAttributes(span: OtlpSpan): Attributes {
  const attributes: Attributes = new Map();
  for (const { key, value } of span.attributes ?? []) {
    if ('stringValue' in value) attributes.set(key, value.stringValue);
    else if ('intValue' in value) attributes.set(key, Number(value.intValue));
    else if ('doubleValue' in value) attributes.set(key, value.doubleValue);
  }
  return attributes;
}

export const text = (attributes: Attributes, key: string) => {
  const value = attributes.get(key);
  return value === undefined ? undefined : String(value);
};

/** JSON text as a value; text that is not JSON as itself. */
export const json = (value: string | undefined): unknown => {
  try {
    return value === undefined ? undefined : JSON.parse(value);
  } catch {
    return value;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A call as a span carries it; LangChain writes no id. */
export type SpanToolCall = { id: string | undefined; name: string; input: unknown };
export type SpanMessage = { role: string; text: string; toolCallId: string | undefined; toolCalls: SpanToolCall[] };

/** The text parts of `message.contents.N` (text, output_text, input_text), in order. */
function contentsText(attributes: Attributes, at: string): string {
  const parts: string[] = [];
  for (let index = 0; ; index++) {
    const part = `${at}.${MESSAGE_CONTENTS}.${index}`;
    const type = text(attributes, `${part}.${MESSAGE_CONTENT_TYPE}`);
    if (type === undefined) break;
    const value = text(attributes, `${part}.${MESSAGE_CONTENT_TEXT}`);
    if (value !== undefined && type.endsWith('text')) parts.push(value);
  }
  return parts.join('\n');
}

/** Indexed messages (`<prefix>.N.message.*`) in order. */
export function messagesAt(attributes: Attributes, prefix: string): SpanMessage[] {
  const found: SpanMessage[] = [];
  for (let index = 0; attributes.has(`${prefix}.${index}.${MESSAGE_ROLE}`); index++) {
    const at = `${prefix}.${index}`;
    const toolCalls: SpanToolCall[] = [];
    for (let call = 0; attributes.has(`${at}.${MESSAGE_TOOL_CALLS}.${call}.${TOOL_CALL_FUNCTION_NAME}`); call++) {
      const callAt = `${at}.${MESSAGE_TOOL_CALLS}.${call}`;
      toolCalls.push({
        id: text(attributes, `${callAt}.${TOOL_CALL_ID}`) || undefined,
        name: text(attributes, `${callAt}.${TOOL_CALL_FUNCTION_NAME}`) ?? 'unknown',
        input: json(text(attributes, `${callAt}.${TOOL_CALL_FUNCTION_ARGUMENTS_JSON}`)) ?? {},
      });
    }
    found.push({
      role: text(attributes, `${at}.${MESSAGE_ROLE}`) ?? '',
      text: text(attributes, `${at}.${MESSAGE_CONTENT}`) ?? contentsText(attributes, at),
      toolCallId: text(attributes, `${at}.${MESSAGE_TOOL_CALL_ID}`) || undefined,
      toolCalls,
    });
  }
  return found;
}

/** A message that carries a tool's result: a `tool` message, or (Anthropic) a `user` one with a call id. */
export const isToolResult = (message: SpanMessage) =>
  message.role === 'tool' || (message.role === 'user' && message.toolCallId !== undefined);

/** The id a call without one gets: its step (1-based, in the conversation) and its place in that step. */
export const positionalCallId = (step: number, index: number) => `call_${step + 1}_${index + 1}`;

/**
 * The results the input messages carry, by call id. A result without an id (LangChain) answers
 * the next unanswered call of the model step before it, in order; a step is a run of assistant
 * messages (the Responses instrumentation writes one per call).
 */
export function resultsInInput(messages: readonly SpanMessage[]): Map<string, string> {
  const results = new Map<string, string>();
  let step = -1;
  let inStep = false;
  let pending: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      if (!inStep) {
        step++;
        pending = [];
        inStep = true;
      }
      for (const call of message.toolCalls) pending.push(call.id ?? positionalCallId(step, pending.length));
      continue;
    }
    inStep = false;
    if (!isToolResult(message)) continue;
    const id = message.toolCallId ?? pending[0];
    if (id === undefined) continue;
    pending = pending.filter((each) => each !== id);
    if (!results.has(id)) results.set(id, message.text);
  }
  return results;
}

/** Text of an Anthropic tool_result's content: a string, or text blocks. */
function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((block) => isRecord(block) && typeof block.text === 'string')
    .map((block) => (block as { text: string }).text)
    .join('\n');
}

/**
 * The results in the request the provider was sent (`input.value`, as the instrumentations keep
 * it): Anthropic `tool_result` blocks, OpenAI Chat `tool` messages, Responses
 * `function_call_output` items. The Anthropic instrumentation keeps only the last result of a
 * message in its attributes; the request has them all.
 */
export function resultsInRequest(attributes: Attributes): Map<string, { output: string; error: boolean }> {
  const results = new Map<string, { output: string; error: boolean }>();
  if (text(attributes, INPUT_MIME_TYPE) !== MimeType.JSON) return results;
  const request = json(text(attributes, INPUT_VALUE));
  if (!isRecord(request)) return results;
  const items = [
    ...(Array.isArray(request.messages) ? request.messages : []),
    ...(Array.isArray(request.input) ? request.input : []),
  ];
  for (const item of items) {
    if (!isRecord(item)) continue;
    if (item.role === 'tool' && typeof item.tool_call_id === 'string')
      results.set(item.tool_call_id, { output: blockText(item.content), error: false });
    if (item.type === 'function_call_output' && typeof item.call_id === 'string')
      results.set(item.call_id, { output: blockText(item.output), error: false });
    if (!Array.isArray(item.content)) continue;
    for (const block of item.content) {
      if (isRecord(block) && block.type === 'tool_result' && typeof block.tool_use_id === 'string')
        results.set(block.tool_use_id, { output: blockText(block.content), error: block.is_error === true });
    }
  }
  return results;
}

export type SpanTool = { name: string; description: string; parameters: unknown };

/** `llm.tools`, in any of the APIs' tool shapes (Chat's `function`, Responses' flat one, Anthropic's `input_schema`). */
export function toolsOf(attributes: Attributes): SpanTool[] {
  const tools: SpanTool[] = [];
  for (let index = 0; attributes.has(`${LLM_TOOLS}.${index}.${TOOL_JSON_SCHEMA}`); index++) {
    const schema = json(text(attributes, `${LLM_TOOLS}.${index}.${TOOL_JSON_SCHEMA}`));
    if (!isRecord(schema)) continue;
    const definition = isRecord(schema.function) ? schema.function : schema;
    if (typeof definition.name !== 'string' || !definition.name) continue;
    tools.push({
      name: definition.name,
      description: typeof definition.description === 'string' ? definition.description : '',
      parameters: definition.parameters ??
        definition.input_schema ??
        definition.inputSchema ?? { type: 'object', properties: {} },
    });
  }
  return tools;
}

/** The system prompt of a request whose messages have none (Anthropic's `system`, Responses' `instructions`). */
export function systemOfRequest(attributes: Attributes): string | undefined {
  for (const key of [LLM_INVOCATION_PARAMETERS, INPUT_VALUE]) {
    const request = json(text(attributes, key));
    if (!isRecord(request)) continue;
    const system = request.system ?? request.instructions;
    const found = typeof system === 'string' ? system : blockText(system);
    if (found) return found;
  }
  return undefined;
}

/** Which provider a span came from: ours, the conventions' provider / system, or LangChain's metadata. */
export function providerOf(attributes: Attributes): string | undefined {
  const named = text(attributes, PLAYGROUND_PROVIDER) ?? text(attributes, LLM_PROVIDER) ?? text(attributes, LLM_SYSTEM);
  if (named) return named === 'vertexai' ? 'google' : named;
  const metadata = json(text(attributes, METADATA));
  return isRecord(metadata) && typeof metadata.ls_provider === 'string' ? metadata.ls_provider : undefined;
}
