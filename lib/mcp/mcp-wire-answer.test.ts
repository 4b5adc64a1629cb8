import { describe, expect, it } from 'vitest';
import { readMcpWireAnswer } from './mcp-wire-answer';

describe('an MCP answer read for the Wire tab', () => {
  it('JSON is one message; server-sent events are each event; anything else is text', () => {
    expect(readMcpWireAnswer('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({
      messages: [{ jsonrpc: '2.0', id: 1, result: {} }],
      events: false,
    });
    expect(
      readMcpWireAnswer(
        'event: message\nid: 1\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":2,"result":{"content":[]}}\n\n',
      ),
    ).toEqual({
      messages: [
        { jsonrpc: '2.0', method: 'notifications/progress' },
        { jsonrpc: '2.0', id: 2, result: { content: [] } },
      ],
      events: true,
    });
    expect(readMcpWireAnswer('')).toEqual({ messages: [], events: false });
    expect(readMcpWireAnswer('Accepted')).toEqual({ text: 'Accepted' });
    expect(readMcpWireAnswer('{"cut": "at 20,000 char')).toEqual({ text: '{"cut": "at 20,000 char' });
    expect(readMcpWireAnswer('data: not json\n')).toEqual({ messages: ['not json'], events: true });
  });
});
