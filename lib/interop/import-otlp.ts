import type { UIMessage } from 'ai';
import {
  LLM_INPUT_MESSAGES,
  LLM_MODEL_NAME,
  LLM_OUTPUT_MESSAGES,
  LLM_TOKEN_COUNT_COMPLETION,
  LLM_TOKEN_COUNT_PROMPT,
  MimeType,
  OUTPUT_MIME_TYPE,
  OUTPUT_VALUE,
  SemanticConventions,
  TOOL_CALL_ID,
} from '@arizeai/openinference-semantic-conventions';
import { checkJsonDepth } from '../limits/check-json-depth';
import { INPUT_LIMITS } from '../limits/input-limits';
import { PROVIDER_IDS, type ProviderId } from '../shapes/run-settings-defaults';
import { parseSessionData, type ParsedSession } from '../session/session-schema';
import { createInitialSession } from '../session/initial-session';
import { formatToolSource } from '../shapes/tool-source';
import { isSandboxToolName } from '../shapes/core-tool-definitions';
import type { ToolDraft } from '../shapes/tool-spec';
import type { OtlpSpan, OtlpTrace } from './export-otlp';
import {
  isToolResult,
  json,
  messagesAt,
  positionalCallId,
  providerOf,
  readAttributes,
  resultsInInput,
  resultsInRequest,
  systemOfRequest,
  text,
  toolsOf,
} from './read-openinference';
import { findJsonNesting } from '../limits/text-nesting';

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
  const deep = findJsonNesting(fileText);
  if (deep) return { ok: false, message: `The trace cannot be read: ${deep.message}.` };
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
  // Real instrumentations write no TOOL spans: a call's result is in a later LLM span's input
  // (a `tool` message, an Anthropic `user` one, or only the request the provider was sent).
  for (const span of llmSpans) {
    const attributes = readAttributes(span);
    for (const [id, output] of resultsInInput(messagesAt(attributes, LLM_INPUT_MESSAGES)))
      if (!results.has(id)) results.set(id, { output: json(output) ?? '' });
    for (const [id, result] of resultsInRequest(attributes)) {
      if (results.has(id)) continue;
      results.set(
        id,
        result.error ? { output: undefined, error: result.output } : { output: json(result.output) ?? '' },
      );
    }
  }

  const session = createInitialSession();
  const messages: UIMessage[] = [];
  let assistant: UIMessage | undefined;
  let seenUsers = 0;
  let system: string | undefined;
  llmSpans.forEach((span, step) => {
    const attributes = readAttributes(span);
    const inputs = messagesAt(attributes, LLM_INPUT_MESSAGES);
    system = inputs.find((message) => message.role === 'system')?.text ?? systemOfRequest(attributes) ?? system;
    const users = inputs.filter((message) => message.role === 'user' && !isToolResult(message));
    for (const user of users.slice(seenUsers)) {
      assistant = undefined;
      messages.push({ id: `user-${messages.length + 1}`, role: 'user', parts: [{ type: 'text', text: user.text }] });
    }
    seenUsers = users.length;
    if (!assistant) {
      assistant = { id: `assistant-${messages.length + 1}`, role: 'assistant', parts: [] };
      messages.push(assistant);
    }
    // One step, however many output messages carry it (Responses writes one per item).
    const outputs = messagesAt(attributes, LLM_OUTPUT_MESSAGES);
    const said = outputs
      .map((output) => output.text)
      .filter(Boolean)
      .join('\n');
    const calls = outputs.flatMap((output) => output.toolCalls);
    assistant.parts.push({ type: 'step-start' });
    if (said) assistant.parts.push({ type: 'text', text: said, state: 'done' });
    calls.forEach((call, index) => {
      const toolCallId = call.id ?? positionalCallId(step, index);
      const result = results.get(toolCallId);
      const base = { type: 'dynamic-tool' as const, toolName: call.name, toolCallId, input: call.input };
      assistant?.parts.push(
        result === undefined
          ? { ...base, state: 'input-available' }
          : result.error !== undefined
            ? { ...base, state: 'output-error', errorText: result.error }
            : { ...base, state: 'output-available', output: result.output },
      );
    });
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
        finishReason: calls.length > 0 ? 'tool-calls' : 'stop',
      },
    });
  });

  const first = readAttributes(llmSpans[0]);
  const tools: ToolDraft[] = toolsOf(first).map((tool) => ({
    id: `tool-${tool.name}`,
    source: formatToolSource(tool),
    enabled: true,
    run: isSandboxToolName(tool.name) ? { kind: 'sandbox' } : { kind: 'mock', result: '{ "ok": true }' },
  }));
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
