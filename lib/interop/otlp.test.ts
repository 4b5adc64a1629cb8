import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { pickSessionData } from '../session/session-file';
import { buildTimeline } from '../timeline/build-timeline';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { exportOtlp } from './export-otlp';
import { importOtlp } from './import-otlp';

const labels = (messages: Parameters<typeof buildTimeline>[0]['messages']) =>
  buildTimeline({ messages }).nodes.map((node) => node.label);

describe('OpenInference (OTLP JSON) export and import', () => {
  it('exports one AGENT span, an LLM span per step and a TOOL span per call, with seed 001 names', async () => {
    const { store } = await runConversation('list the files and show me README.md');
    const trace = exportOtlp(pickSessionData(store.getState()), createSchemaChecker(), 1_700_000_000_000);
    const spans = trace.resourceSpans[0].scopeSpans[0].spans;
    const kinds = spans.map(
      (span) => span.attributes.find((attribute) => attribute.key === 'openinference.span.kind')?.value,
    );
    expect(kinds).toEqual([
      { stringValue: 'AGENT' },
      { stringValue: 'LLM' },
      { stringValue: 'TOOL' },
      { stringValue: 'TOOL' },
      { stringValue: 'LLM' },
    ]);
    expect(
      spans.slice(1).every((span) => span.parentSpanId === spans[0].spanId && span.traceId === spans[0].traceId),
    ).toBe(true);
    const llm = new Map(spans[1].attributes.map((attribute) => [attribute.key, attribute.value]));
    expect(llm.get('llm.output_messages.0.message.tool_calls.1.tool_call.function.name')).toEqual({
      stringValue: 'read_file',
    });
    expect(llm.has('llm.tools.0.tool.json_schema')).toBe(true);
    expect(llm.get('llm.token_count.prompt')).toMatchObject({ intValue: expect.stringMatching(/^\d+$/) });
  });

  it('imports the export back into a session whose graph is the same', async () => {
    const { store } = await runConversation('list the files and show me nope.txt');
    const original = pickSessionData(store.getState());
    const imported = importOtlp(JSON.stringify(exportOtlp(original, createSchemaChecker())));
    if (!imported.ok) throw new Error(imported.message);
    expect(labels(imported.session.messages)).toEqual(labels(original.messages));
    expect(imported.session.tools.map((tool) => tool.source)).toEqual(original.tools.map((tool) => tool.source));
    expect(labels(imported.session.messages)).toContain('Tool result read_file: error');
  });

  it('refuses what is not a trace, saying why', () => {
    expect(importOtlp('nope')).toMatchObject({ ok: false, message: expect.stringMatching(/^The file is not JSON/) });
    expect(importOtlp('{"resourceSpans":[]}')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^No spans found/),
    });
  });
});

describe('a trace made by a real OpenInference instrumentation', () => {
  /** As @arizeai/openinference-instrumentation-openai writes it: LLM spans only; results come back as `tool` input messages. */
  const attribute = (key: string, value: string | number) =>
    typeof value === 'number' ? { key, value: { intValue: String(value) } } : { key, value: { stringValue: value } };
  const span = (id: string, startNs: string, attributes: ReturnType<typeof attribute>[]) => ({
    traceId: 'a'.repeat(32),
    spanId: id,
    name: 'ChatCompletion',
    kind: 3,
    startTimeUnixNano: startNs,
    endTimeUnixNano: String(BigInt(startNs) + 500_000_000n),
    attributes,
    status: { code: 1 },
  });
  const weatherTool = JSON.stringify({
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Weather.',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  });
  const trace = {
    resourceSpans: [
      {
        resource: { attributes: [] },
        scopeSpans: [
          {
            scope: { name: '@arizeai/openinference-instrumentation-openai' },
            spans: [
              span('0000000000000001', '1700000000000000000', [
                attribute('openinference.span.kind', 'LLM'),
                attribute('llm.system', 'openai'),
                attribute('llm.provider', 'openai'),
                attribute('llm.model_name', 'gpt-4o-2024-08-06'),
                attribute('llm.tools.0.tool.json_schema', weatherTool),
                attribute('llm.input_messages.0.message.role', 'user'),
                attribute('llm.input_messages.0.message.content', 'Weather in Paris and Oslo?'),
                attribute('llm.output_messages.0.message.role', 'assistant'),
                attribute('llm.output_messages.0.message.tool_calls.0.tool_call.id', 'call_p'),
                attribute('llm.output_messages.0.message.tool_calls.0.tool_call.function.name', 'get_weather'),
                attribute(
                  'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments',
                  '{"city":"Paris"}',
                ),
                attribute('llm.output_messages.0.message.tool_calls.1.tool_call.id', 'call_o'),
                attribute('llm.output_messages.0.message.tool_calls.1.tool_call.function.name', 'get_weather'),
                attribute('llm.output_messages.0.message.tool_calls.1.tool_call.function.arguments', '{"city":"Oslo"}'),
              ]),
              span('0000000000000002', '1700000001000000000', [
                attribute('openinference.span.kind', 'LLM'),
                attribute('llm.system', 'openai'),
                attribute('llm.provider', 'openai'),
                attribute('llm.model_name', 'gpt-4o-2024-08-06'),
                attribute('llm.input_messages.0.message.role', 'user'),
                attribute('llm.input_messages.0.message.content', 'Weather in Paris and Oslo?'),
                attribute('llm.input_messages.1.message.role', 'assistant'),
                attribute('llm.input_messages.1.message.tool_calls.0.tool_call.id', 'call_p'),
                attribute('llm.input_messages.1.message.tool_calls.0.tool_call.function.name', 'get_weather'),
                attribute('llm.input_messages.2.message.role', 'tool'),
                attribute('llm.input_messages.2.message.tool_call_id', 'call_p'),
                attribute('llm.input_messages.2.message.content', '{"temp":21}'),
                attribute('llm.input_messages.3.message.role', 'tool'),
                attribute('llm.input_messages.3.message.tool_call_id', 'call_o'),
                attribute('llm.input_messages.3.message.content', 'cloudy'),
                attribute('llm.output_messages.0.message.role', 'assistant'),
                attribute('llm.output_messages.0.message.content', 'Paris 21°, Oslo cloudy.'),
              ]),
            ],
          },
        ],
      },
    ],
  };

  it('imports every tool result and the provider', () => {
    const imported = importOtlp(JSON.stringify(trace));
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const { messages, settings } = imported.session;
    expect(settings).toMatchObject({ provider: 'openai', model: 'gpt-4o-2024-08-06' });
    const calls = messages[1].parts.filter((part) => part.type === 'dynamic-tool');
    expect(
      calls.map(
        (part) =>
          part.type === 'dynamic-tool' && [
            part.toolCallId,
            part.state,
            part.state === 'output-available' ? part.output : undefined,
          ],
      ),
    ).toEqual([
      ['call_p', 'output-available', { temp: 21 }],
      ['call_o', 'output-available', 'cloudy'],
    ]);
  });
});
