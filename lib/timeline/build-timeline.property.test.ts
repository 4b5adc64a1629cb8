import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTimelineDeriver } from './create-timeline-deriver';
import { buildTimeline } from './build-timeline';

const MCP_TOOL = 'everything_echo';

/** JSON as a session file, a link or a handler may hold it — with MCP-looking shapes and hostile keys mixed in. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.record({
    content: fc.array(
      fc.oneof(
        fc.record({ type: fc.constantFrom('text', 'image', 'audio', 'resource', 'resource_link', 'other') }),
        fc.dictionary(fc.constantFrom('type', 'data', 'mimeType', 'resource', 'uri', 'name', 'text'), fc.jsonValue()),
      ),
    ),
    isError: fc.jsonValue(),
    structuredContent: fc.jsonValue(),
  }),
  fc.record({ output: fc.jsonValue(), metadata: fc.jsonValue(), execution_time_ms: fc.jsonValue() }),
  fc.dictionary(fc.constantFrom('toString', 'valueOf', 'output', 'state_changes', '__proto__'), fc.jsonValue()),
  fc.constant({ output: JSON.parse('{"toString":1,"valueOf":2}') }),
);

const toolPart = fc.record({
  toolName: fc.constantFrom(MCP_TOOL, 'bash', 'read_file', 'custom'),
  toolCallId: fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty'),
  ),
  state: fc.constantFrom('input-streaming', 'input-available', 'output-available', 'output-error', 'output-denied'),
  input: hostileJson,
  output: hostileJson,
  errorText: fc.string(),
});

const messages = fc.array(
  fc.oneof(
    fc.record({ text: fc.string() }).map(({ text }) => ({ role: 'user' as const, parts: [{ type: 'text', text }] })),
    fc.array(toolPart, { maxLength: 4 }).map((calls) => ({
      role: 'assistant' as const,
      parts: [
        { type: 'step-start' },
        ...calls.map(({ toolName, toolCallId, state, input, output, errorText }) => ({
          type: 'dynamic-tool',
          toolName,
          toolCallId,
          state,
          input,
          ...(state === 'output-available' ? { output } : {}),
          ...(state === 'output-error' ? { errorText } : {}),
        })),
      ],
    })),
  ),
  { maxLength: 5 },
);

describe('buildTimeline over untrusted tool outputs', () => {
  it('never throws, whatever JSON a tool output holds (MCP tool or not), and the deriver lays it out', () => {
    fc.assert(
      fc.property(messages, (list) => {
        const session = list.map((message, index) => ({ ...message, id: `m${index}` })) as unknown as UIMessage[];
        const mcpTools = new Set([MCP_TOOL]);
        buildTimeline({ messages: session, mcpTools });
        createTimelineDeriver()({
          messages: session,
          activeBranch: { id: 'main', label: 'Branch 1' },
          branches: [],
          mcpTools,
        });
      }),
      { numRuns: 400 },
    );
  });

  it('draws a malformed MCP result as JSON with a note, and a non-MCP tool output as plain JSON', () => {
    const crafted = { content: [{ type: 'image' }] };
    const call = (toolName: string, toolCallId: string) => ({
      type: 'dynamic-tool' as const,
      toolName,
      toolCallId,
      state: 'output-available' as const,
      input: {},
      output: crafted,
    });
    const { nodes } = buildTimeline({
      messages: [
        { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, call(MCP_TOOL, 'c1'), call('custom', 'c2')] },
      ],
      mcpTools: new Set([MCP_TOOL]),
    });
    const mcpResult = nodes.find((node) => node.id === 'c1:result');
    const plainResult = nodes.find((node) => node.id === 'c2:result');
    expect(mcpResult?.badges).toContainEqual({ text: 'not a valid MCP result', tone: 'error' });
    expect(mcpResult?.summary).toBe('{"content":[{"type":"image"}]}');
    expect(mcpResult?.kind === 'tool-result' && mcpResult.detail.finished && mcpResult.detail.mcp).toEqual({
      ok: false,
      problem: expect.stringMatching(/^content\.0\.data: /),
    });
    // Not an MCP tool: its output is what it is, with no MCP reading at all.
    expect(plainResult?.badges.map((badge) => badge.text)).not.toContain('not a valid MCP result');
    expect(plainResult?.kind === 'tool-result' && plainResult.detail.finished && plainResult.detail.mcp).toBe(
      undefined,
    );
  });
});
