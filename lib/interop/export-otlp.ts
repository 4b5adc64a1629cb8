import { getToolName, isToolUIPart } from '../shapes/tool-parts';
import {
  MimeType,
  OUTPUT_MIME_TYPE,
  OUTPUT_VALUE,
  SemanticConventions,
  INPUT_VALUE,
  OpenInferenceSpanKind,
} from '@arizeai/openinference-semantic-conventions';
import type { SessionData } from '../session/session-schema';
import { checkToolDrafts } from '../tools/check-tool-drafts';
import type { SchemaChecker } from '../tools/create-schema-checker';
import { extractWireSteps, readStepReport } from '../wire/extract-wire-steps';
import { toolResultText } from '../messages/split-steps';
import { renderLLMSpanAttributes, renderToolSpanAttributes, type SpanAttributes } from '../wire/render-openinference';
import { splitSteps } from '../messages/split-steps';
import { stepIdOf } from '../shapes/step-id';

type OtlpValue = { stringValue: string } | { intValue: string } | { doubleValue: number };
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: OtlpValue }[];
  status: { code: number; message?: string };
};
export type OtlpTrace = {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
};

const toOtlp = (attributes: SpanAttributes) =>
  Object.entries(attributes).map(([key, value]) => ({
    key,
    value: typeof value === 'number' ? { intValue: String(value) } : { stringValue: value },
  }));
const hex = (value: number, length: number) => value.toString(16).padStart(length, '0').slice(-length);

/** The playground's own provider id, so its own export imports back exactly (the conventions name fewer providers). */
export const PLAYGROUND_PROVIDER = 'tool_playground.provider';

/**
 * The run as OpenInference spans in OTLP JSON (seed 001 attribute names, from
 * @arizeai/openinference-semantic-conventions): one AGENT span for the session, an LLM
 * span per model step, a TOOL span per call. The session keeps step durations, not clock
 * times, so spans are laid end to end from `startMs`.
 */
export function exportOtlp(session: SessionData, checker: SchemaChecker, startMs = Date.now()): OtlpTrace {
  const tools = checkToolDrafts(session.tools, checker).runnable.map((tool) => tool.spec);
  const steps = extractWireSteps(session.messages, session.settings, tools);
  const traceId = hex(Math.floor(startMs), 16) + hex(session.messages.length * 7919 + 1, 16);
  let sequence = 1;
  let clockMs = startMs;
  const spans: OtlpSpan[] = [];
  const nanos = (ms: number) => `${Math.round(ms)}000000`;
  const rootId = hex(sequence++, 16);
  const add = (name: string, attributes: SpanAttributes, durationMs: number, error?: string) => {
    spans.push({
      traceId,
      spanId: hex(sequence++, 16),
      parentSpanId: rootId,
      name,
      kind: 1,
      startTimeUnixNano: nanos(clockMs),
      endTimeUnixNano: nanos(clockMs + durationMs),
      attributes: toOtlp(attributes),
      status: error ? { code: 2, message: error } : { code: 1 },
    });
    clockMs += durationMs;
  };
  for (const message of session.messages) {
    if (message.role !== 'assistant') continue;
    splitSteps(message).forEach((parts, index) => {
      const step = steps.get(stepIdOf(message.id, index + 1));
      if (!step) return;
      add(
        `${session.settings.provider}.step`,
        {
          ...renderLLMSpanAttributes(step, session.settings.provider),
          [PLAYGROUND_PROVIDER]: session.settings.provider,
        },
        readStepReport(parts)?.durationMs ?? 1,
      );
      for (const call of parts.filter(isToolUIPart)) {
        const failed = call.state === 'output-error';
        const finished = failed || call.state === 'output-available';
        const attributes = renderToolSpanAttributes(
          { id: call.toolCallId, name: getToolName(call), input: call.input },
          finished ? (failed ? call.errorText : toolResultText(call.output)) : undefined,
        );
        if (call.state === 'output-available')
          attributes[OUTPUT_MIME_TYPE] = typeof call.output === 'string' ? MimeType.TEXT : MimeType.JSON;
        const ran =
          (call.state === 'output-available'
            ? (call.output as { execution_time_ms?: number } | null)?.execution_time_ms
            : undefined) ?? 1;
        add(getToolName(call), attributes, ran, failed ? call.errorText : undefined);
      }
    });
  }
  const firstUser = session.messages.find((message) => message.role === 'user');
  const lastText = session.messages
    .at(-1)
    ?.parts.filter((part) => part.type === 'text')
    .at(-1);
  spans.unshift({
    traceId,
    spanId: rootId,
    name: 'tool-playground.session',
    kind: 1,
    startTimeUnixNano: nanos(startMs),
    endTimeUnixNano: nanos(clockMs),
    attributes: toOtlp({
      [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.AGENT,
      [INPUT_VALUE]: firstUser ? firstUser.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') : '',
      ...(lastText?.type === 'text' ? { [OUTPUT_VALUE]: lastText.text } : {}),
    }),
    status: { code: 1 },
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'tool-playground' } }] },
        scopeSpans: [{ scope: { name: 'tool-playground' }, spans }],
      },
    ],
  };
}
