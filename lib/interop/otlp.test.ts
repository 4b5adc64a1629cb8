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
