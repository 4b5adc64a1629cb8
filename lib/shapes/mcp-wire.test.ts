import { describe, expect, it } from 'vitest';
import { MAX_MCP_WIRE_CALLS, type McpWireExchange, withMcpWire } from './mcp-wire';

const exchange = (sequence: number): McpWireExchange => ({
  sequence,
  request: { method: 'POST', path: '/mcp', headers: {}, body: { id: sequence } },
  status: 200,
  response: '',
  truncated: false,
});

describe("the tab's record of MCP calls' exchanges", () => {
  it('keeps each call in the order its requests were sent, counts what was past the cap, and keeps the last calls only', () => {
    let records = withMcpWire({}, 'a', { exchange: exchange(1) });
    records = withMcpWire(records, 'a', { exchange: exchange(0) });
    records = withMcpWire(records, 'a', { omitted: 3 });
    expect(records.a).toEqual({ exchanges: [exchange(0), exchange(1)], omitted: 3 });
    for (let call = 0; call < MAX_MCP_WIRE_CALLS + 5; call++)
      records = withMcpWire(records, `call-${call}`, { exchange: exchange(0) });
    expect(Object.keys(records)).toHaveLength(MAX_MCP_WIRE_CALLS);
    expect(records.a).toBeUndefined();
    expect(Object.keys(records).at(-1)).toBe(`call-${MAX_MCP_WIRE_CALLS + 4}`);
  });

  it('a call id that names a property of every object is a call like any other', () => {
    const records = withMcpWire(withMcpWire({}, '__proto__', { exchange: exchange(0) }), '__proto__', { omitted: 1 });
    expect(Object.hasOwn(records, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(records, '__proto__')?.value).toEqual({
      exchanges: [exchange(0)],
      omitted: 1,
    });
    expect(Object.getPrototypeOf(records)).toBe(Object.prototype);
  });
});
