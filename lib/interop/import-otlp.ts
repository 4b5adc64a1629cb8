import type { UIMessage } from 'ai';
import {
  LLM_INPUT_MESSAGES,
  LLM_MODEL_NAME,
  LLM_OUTPUT_MESSAGES,
  LLM_PROVIDER,
  LLM_SYSTEM,
  MESSAGE_TOOL_CALL_ID,
  LLM_TOKEN_COUNT_COMPLETION,
  LLM_TOKEN_COUNT_PROMPT,
  LLM_TOOLS,
  MESSAGE_CONTENT,
  MESSAGE_ROLE,
  MESSAGE_TOOL_CALLS,
  MimeType,
  OUTPUT_MIME_TYPE,
  OUTPUT_VALUE,
  SemanticConventions,
  TOOL_CALL_FUNCTION_ARGUMENTS_JSON,
  TOOL_CALL_FUNCTION_NAME,
  TOOL_CALL_ID,
  TOOL_JSON_SCHEMA,
} from '@arizeai/openinference-semantic-conventions';
import { checkJsonDepth } from '../limits/check-json-depth';
import { INPUT_LIMITS } from '../limits/input-limits';
import { PROVIDER_IDS, type ProviderId } from '../model/run-settings-defaults';
import { parseSessionData, type ParsedSession } from '../session/session-schema';
import { createInitialSession } from '../session/initial-session';
import { formatToolSource } from '../model/tool-source';
import { isSandboxToolName } from '../model/core-tool-definitions';
import type { ToolDraft } from '../model/tool-spec';
import { PLAYGROUND_PROVIDER, type OtlpSpan, type OtlpTrace } from './export-otlp';

type Attributes = Map<string, string | number>;

function readAttributes(span: OtlpSpan): Attributes {
  const attributes: Attributes = new Map();
  for (const { key, value } of span.attributes ?? []) {
    if ('stringValue' in value) attributes.set(key, value.stringValue);
    else if ('intValue' in value) attributes.set(key, Number(value.intValue));
    else if ('doubleValue' in value) attributes.set(key, value.doubleValue);
  }
  return attributes;
}

const text = (attributes: Attributes, key: string) => {
  const value = attributes.get(key);
  return value === undefined ? undefined : String(value);
};
const json = (value: string | undefined) => {
  try {
    return value === undefined ? undefined : JSON.parse(value);
  } catch {
    return value;
  }
};

/** Which of the playground's providers a span came from: ours, or the conventions' provider / system. */
function providerOf(attributes: Attributes): string | undefined {
  const ours = text(attributes, PLAYGROUND_PROVIDER);
  if (ours) return ours;
  const named = text(attributes, LLM_PROVIDER) ?? text(attributes, LLM_SYSTEM);
  return named === 'vertexai' ? 'google' : named;
}

/** Indexed messages (`<prefix>.N.message.*`) in order. */
function messagesAt(
  attributes: Attributes,
  prefix: string,
): {
  role: string;
  content?: string;
  toolCallId?: string;
  toolCalls: { id: string; name: string; input: unknown }[];
}[] {
  const found: ReturnType<typeof messagesAt> = [];
  for (let index = 0; attributes.has(`${prefix}.${index}.${MESSAGE_ROLE}`); index++) {
    const at = `${prefix}.${index}`;
    const toolCalls = [];
    for (let call = 0; attributes.has(`${at}.${MESSAGE_TOOL_CALLS}.${call}.${TOOL_CALL_ID}`); call++) {
      const callAt = `${at}.${MESSAGE_TOOL_CALLS}.${call}`;
      toolCalls.push({
        id: text(attributes, `${callAt}.${TOOL_CALL_ID}`)!,
        name: text(attributes, `${callAt}.${TOOL_CALL_FUNCTION_NAME}`) ?? 'unknown',
        input: json(text(attributes, `${callAt}.${TOOL_CALL_FUNCTION_ARGUMENTS_JSON}`)) ?? {},
      });
    }
    found.push({
      role: text(attributes, `${at}.${MESSAGE_ROLE}`)!,
      content: text(attributes, `${at}.${MESSAGE_CONTENT}`),
      toolCallId: text(attributes, `${at}.${MESSAGE_TOOL_CALL_ID}`),
      toolCalls,
    });
  }
  return found;
}

/**
 * Reads OpenInference spans (OTLP JSON) back into a session: user messages and model steps
 * from the LLM spans in time order, each call's result from its TOOL span, the tools from
 * `llm.tools` (core tools run in the sandbox, others answer with a mock until given a
 * handler). Anything unreadable is refused with a reason.
 */
export function importOtlp(fileText: string): ParsedSession {
  if (fileText.length > INPUT_LIMITS.maxImportFileBytes) {
    return {
      ok: false,
      message: `The trace is too large (${fileText.length.toLocaleString('en')} characters; at most ${INPUT_LIMITS.maxImportFileBytes.toLocaleString('en')}).`,
    };
  }
  let trace: OtlpTrace;
  try {
    trace = JSON.parse(fileText);
  } catch (error) {
    return { ok: false, message: `The file is not JSON: ${error instanceof Error ? error.message : String(error)}.` };
  }
  const depth = checkJsonDepth(trace);
  if (!depth.ok) return { ok: false, message: `The trace cannot be read: ${depth.message}.` };
  try {
    return readTrace(trace);
  } catch (error) {
    // A trace from elsewhere can be shaped in any way (spans that are not objects, times that are not numbers).
    return {
      ok: false,
      message: `The trace is not OTLP JSON this playground can read: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
}

function readTrace(trace: OtlpTrace): ParsedSession {
  const spans = (trace?.resourceSpans ?? []).flatMap((resource) =>
    (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
  );
  if (!Array.isArray(spans) || spans.length === 0)
    return { ok: false, message: 'No spans found: expected OTLP JSON with resourceSpans → scopeSpans → spans.' };
  const ordered = [...spans].sort((a, b) =>
    BigInt(a.startTimeUnixNano ?? 0) < BigInt(b.startTimeUnixNano ?? 0) ? -1 : 1,
  );
  const kind = (span: OtlpSpan) => text(readAttributes(span), SemanticConventions.OPENINFERENCE_SPAN_KIND);
  const llmSpans = ordered.filter((span) => kind(span) === 'LLM');
  if (llmSpans.length === 0)
    return {
      ok: false,
      message: 'No LLM spans (openinference.span.kind = "LLM") found, so there is no conversation to rebuild.',
    };

  const results = new Map<string, { output: unknown; error?: string }>();
  for (const span of ordered.filter((candidate) => kind(candidate) === 'TOOL')) {
    const attributes = readAttributes(span);
    const id = text(attributes, TOOL_CALL_ID);
    const value = text(attributes, OUTPUT_VALUE);
    if (!id || value === undefined) continue;
    if (span.status?.code === 2) results.set(id, { output: undefined, error: value });
    else results.set(id, { output: text(attributes, OUTPUT_MIME_TYPE) === MimeType.JSON ? json(value) : value });
  }
  // Real instrumentations (OpenAI, Anthropic, LangChain, the AI SDK's) write no TOOL spans: a
  // call's result is in a later LLM span's input, as a `tool` message with its tool_call_id.
  for (const span of llmSpans) {
    for (const message of messagesAt(readAttributes(span), LLM_INPUT_MESSAGES)) {
      if (message.role !== 'tool' || !message.toolCallId || results.has(message.toolCallId)) continue;
      results.set(message.toolCallId, { output: json(message.content) ?? '' });
    }
  }

  const session = createInitialSession();
  const messages: UIMessage[] = [];
  let assistant: UIMessage | undefined;
  let seenUsers = 0;
  let system: string | undefined;
  for (const span of llmSpans) {
    const attributes = readAttributes(span);
    const users = messagesAt(attributes, LLM_INPUT_MESSAGES).filter((message) => {
      if (message.role === 'system') system = message.content;
      return message.role === 'user';
    });
    for (const user of users.slice(seenUsers)) {
      assistant = undefined;
      messages.push({
        id: `user-${messages.length + 1}`,
        role: 'user',
        parts: [{ type: 'text', text: user.content ?? '' }],
      });
    }
    seenUsers = users.length;
    if (!assistant) {
      assistant = { id: `assistant-${messages.length + 1}`, role: 'assistant', parts: [] };
      messages.push(assistant);
    }
    const [output] = messagesAt(attributes, LLM_OUTPUT_MESSAGES);
    assistant.parts.push({ type: 'step-start' });
    if (output?.content) assistant.parts.push({ type: 'text', text: output.content, state: 'done' });
    for (const call of output?.toolCalls ?? []) {
      const result = results.get(call.id);
      assistant.parts.push(
        result === undefined
          ? {
              type: 'dynamic-tool',
              toolName: call.name,
              toolCallId: call.id,
              state: 'input-available',
              input: call.input,
            }
          : result.error !== undefined
            ? {
                type: 'dynamic-tool',
                toolName: call.name,
                toolCallId: call.id,
                state: 'output-error',
                input: call.input,
                errorText: result.error,
              }
            : {
                type: 'dynamic-tool',
                toolName: call.name,
                toolCallId: call.id,
                state: 'output-available',
                input: call.input,
                output: result.output,
              },
      );
    }
    const prompt = attributes.get(LLM_TOKEN_COUNT_PROMPT);
    const completion = attributes.get(LLM_TOKEN_COUNT_COMPLETION);
    assistant.parts.push({
      type: 'data-step',
      data: {
        provider: providerOf(attributes) ?? 'imported',
        model: text(attributes, LLM_MODEL_NAME) ?? 'unknown',
        durationMs: Math.round(
          Number((BigInt(span.endTimeUnixNano ?? 0) - BigInt(span.startTimeUnixNano ?? 0)) / 1_000_000n),
        ),
        inputTokens: typeof prompt === 'number' ? prompt : undefined,
        outputTokens: typeof completion === 'number' ? completion : undefined,
        finishReason: (output?.toolCalls.length ?? 0) > 0 ? 'tool-calls' : 'stop',
      },
    });
  }

  const first = readAttributes(llmSpans[0]);
  const tools: ToolDraft[] = [];
  for (let index = 0; first.has(`${LLM_TOOLS}.${index}.${TOOL_JSON_SCHEMA}`); index++) {
    const schema = json(text(first, `${LLM_TOOLS}.${index}.${TOOL_JSON_SCHEMA}`)) as
      | { function?: { name?: string; description?: string; parameters?: unknown } }
      | undefined;
    const fn = schema?.function;
    if (!fn?.name) continue;
    tools.push({
      id: `tool-${fn.name}`,
      source: formatToolSource({
        name: fn.name,
        description: fn.description ?? '',
        parameters: fn.parameters ?? { type: 'object', properties: {} },
      }),
      enabled: true,
      run: isSandboxToolName(fn.name) ? { kind: 'sandbox' } : { kind: 'mock', result: '{ "ok": true }' },
    });
  }
  const provider = providerOf(first);
  return parseSessionData({
    ...session,
    tools: tools.length > 0 ? tools : session.tools,
    settings: {
      ...session.settings,
      ...(provider && (PROVIDER_IDS as readonly string[]).includes(provider)
        ? { provider: provider as ProviderId }
        : {}),
      model: text(first, LLM_MODEL_NAME) ?? session.settings.model,
      ...(system ? { system } : {}),
    },
    messages,
  });
}
