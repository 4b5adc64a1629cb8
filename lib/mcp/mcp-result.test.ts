import { CallToolResultSchema } from '@modelcontextprotocol/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceContext } from './mcp-context-text';
import { mcpResultText, readMcpCallResult, toMcpModelOutput } from './mcp-result';

const base64 = fc.base64String({ maxLength: 40 });
const validContent = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.string() }),
  fc.record({ type: fc.constantFrom('image', 'audio'), data: base64, mimeType: fc.string() }),
  fc.record(
    { type: fc.constant('resource_link'), uri: fc.string(), name: fc.string(), description: fc.string() },
    { requiredKeys: ['type', 'uri', 'name'] },
  ),
  fc.record({
    type: fc.constant('resource'),
    resource: fc.oneof(
      fc.record({ uri: fc.string(), text: fc.string() }),
      fc.record({ uri: fc.string(), blob: base64, mimeType: fc.string() }),
    ),
  }),
);
const validResult = fc.record(
  {
    content: fc.array(validContent, { maxLength: 4 }),
    // Any JSON value since 2026-07-28 (an object before).
    structuredContent: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
    isError: fc.boolean(),
  },
  { requiredKeys: ['content'] },
);
/** Near misses: valid results with one field knocked out or replaced by arbitrary JSON. */
const nearMiss = fc
  .tuple(validResult, fc.constantFrom('type', 'text', 'data', 'mimeType', 'uri', 'name', 'resource'), fc.jsonValue())
  .map(([result, key, value]) => ({
    ...result,
    content: result.content.map((part, index) => (index === 0 ? { ...part, [key]: value } : part)),
  }));

describe('readMcpCallResult', () => {
  it('never accepts what the MCP SDK schema refuses, and accepts every valid result the SDK accepts', () => {
    fc.assert(
      fc.property(fc.oneof(validResult, nearMiss, fc.jsonValue()), (value) => {
        const ours = readMcpCallResult(value);
        const sdk = CallToolResultSchema.safeParse(value);
        if (ours.ok) expect(sdk.success).toBe(true);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(validResult, (value) => {
        expect(CallToolResultSchema.safeParse(value).success).toBe(true);
        expect(readMcpCallResult(value).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('names the first problem of a malformed result', () => {
    expect(readMcpCallResult({ content: [{ type: 'image' }] })).toEqual({
      ok: false,
      problem: expect.stringMatching(/^content\.0\.data: /),
    });
    expect(readMcpCallResult({ content: [{ type: 'resource', resource: { text: 'x' } }] })).toMatchObject({
      ok: false,
    });
    expect(readMcpCallResult('plain text')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^the result: /),
    });
    // Found by the property test: base64 the SDK's atob refuses (one character left over, padding out of place).
    for (const data of ['+', 'abcde', 'ab=', 'a=bc'])
      expect(readMcpCallResult({ content: [{ type: 'image', data, mimeType: '' }] }).ok, data).toBe(false);
    for (const data of ['', 'ab', 'abc', 'ab==', 'abc=', 'abcd'])
      expect(readMcpCallResult({ content: [{ type: 'image', data, mimeType: '' }] }).ok, data).toBe(true);
    expect(readMcpCallResult({ content: [{ type: 'image', data: 'not base64!', mimeType: 'image/png' }] })).toEqual({
      ok: false,
      problem: 'content.0.data: is not base64',
    });
  });

  it('gives the model a malformed result as plain JSON, and text and files for a valid one', () => {
    expect(toMcpModelOutput({ content: [{ type: 'image' }] })).toEqual({
      type: 'json',
      value: { content: [{ type: 'image' }] },
    });
    expect(
      toMcpModelOutput({
        content: [
          { type: 'text', text: 'hi' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        ],
      }),
    ).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'hi' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AAAA' } },
      ],
    });
    const read = readMcpCallResult({ content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] });
    expect(read.ok && mcpResultText(read.result)).toBe('[audio audio/wav, 3 bytes]');
  });
});

describe('resourceContext', () => {
  it('refuses an answer that is not a resource with a sentence, instead of failing on a missing uri', () => {
    expect(() => resourceContext({ contents: [{ text: 'no uri' }] })).toThrow(
      "The server's answer is not a resource's contents (contents.0.uri:",
    );
    expect(() => resourceContext(null)).toThrow("not a resource's contents");
  });

  it('quotes the uri and type as attribute values', () => {
    expect(resourceContext({ contents: [{ uri: 'a"b<c&', mimeType: 'text/plain', text: 'x' }] })).toBe(
      '<resource uri="a&quot;b&lt;c&amp;" type="text/plain">\nx\n</resource>',
    );
  });
});
