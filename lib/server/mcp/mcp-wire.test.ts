import { describe, expect, it } from 'vitest';
import { readMcpWireAnswer } from '@/lib/mcp/mcp-wire-answer';
import type { McpWireExchange } from '@/lib/shapes/mcp-wire';
import { type CallLine, callAnswering, withMcpTestServers } from './mcp-test-servers';

const { servers, post } = withMcpTestServers();

/** A call's exchanges, in the order it sent them (each line comes when its answer has ended). */
const exchangesOf = (lines: CallLine[]): McpWireExchange[] =>
  lines
    .filter((line) => line.type === 'wire')
    .map((line) => line.exchange as McpWireExchange)
    .sort((one, other) => one.sequence - other.sequence);
/** The JSON-RPC messages an exchange's answer carried. */
const answered = (exchange: McpWireExchange) => {
  const read = readMcpWireAnswer(exchange.response);
  return 'messages' in read ? read.messages : [];
};

describe("a call's exchanges with its MCP server, as they went over HTTP", () => {
  it("2026-07-28: the tools/call as sent (its Mcp- headers, the person's headers redacted) and the answer as it came, before the result", async () => {
    const connected = await post({
      action: 'connect',
      url: servers().modern.url,
      headers: { Authorization: 'Bearer secret-token-123', 'X-Team': 'blue-team-secret' },
    });
    const { connectionId } = await connected.json();
    const { lines } = await callAnswering(
      post,
      connectionId,
      'echo',
      () => undefined,
      { message: 'hi' },
      { wire: true },
    );
    expect(lines.at(-1)?.type).toBe('result');
    const exchanges = exchangesOf(lines);
    expect(exchanges).toHaveLength(1);
    const [call] = exchanges;
    expect(call.request).toMatchObject({
      method: 'POST',
      path: '/mcp',
      body: { jsonrpc: '2.0', method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } },
    });
    expect(call.request.headers).toMatchObject({
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
      authorization: '[redacted]',
      'x-team': '[redacted]',
    });
    expect(call.status).toBe(200);
    expect(answered(call)).toEqual([
      expect.objectContaining({
        id: (call.request.body as { id: unknown }).id,
        result: expect.objectContaining({ content: [{ type: 'text', text: 'Echo: hi' }] }),
      }),
    ]);
    // The wire lines come before the result, and no secret is in any line.
    expect(lines.findIndex((line) => line.type === 'wire')).toBeLessThan(lines.length - 1);
    expect(JSON.stringify(lines)).not.toMatch(/secret-token-123|blue-team-secret/);
    await post({ action: 'disconnect', connectionId });
  });

  it('2026-07-28 input_required: the call, then its retry carrying the answer (inputResponses), each with its answer', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    const { lines } = await callAnswering(
      post,
      connectionId,
      'greet',
      () => ({ action: 'accept', content: { name: 'Grace' } }),
      {},
      { wire: true },
    );
    const exchanges = exchangesOf(lines);
    expect(exchanges.map((exchange) => (exchange.request.body as { method: string }).method)).toEqual([
      'tools/call',
      'tools/call',
    ]);
    expect(answered(exchanges[0])[0]).toMatchObject({ result: { resultType: 'input_required' } });
    expect(exchanges[1].request.body).toMatchObject({
      params: { name: 'greet', inputResponses: { name: { action: 'accept', content: { name: 'Grace' } } } },
    });
    expect(JSON.stringify(answered(exchanges[1]))).toContain('Hello, Grace!');
    await post({ action: 'disconnect', connectionId });
  });

  it("2025-11-25 elicitation: the question arrives on the call's stream and the answer is its own POST, both the call's", async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().everything.url })).json();
    const { lines } = await callAnswering(
      post,
      connectionId,
      'trigger-elicitation-request',
      () => ({ action: 'decline' }),
      {},
      { wire: true },
    );
    const exchanges = exchangesOf(lines);
    const sent = exchanges.map((exchange) => exchange.request.body as { method?: string; result?: unknown });
    expect(sent[0]).toMatchObject({ method: 'tools/call' });
    // The server's question came on the call's stream…
    expect(answered(exchanges[0])).toContainEqual(expect.objectContaining({ method: 'elicitation/create' }));
    // …and the answer went back as a JSON-RPC response of its own.
    expect(sent).toContainEqual(expect.objectContaining({ result: { action: 'decline' } }));
    await post({ action: 'disconnect', connectionId });
  });

  it('two calls at once each get only their own exchanges; a call that does not ask gets none', async () => {
    const { connectionId } = await (await post({ action: 'connect', url: servers().modern.url })).json();
    const [one, two, quiet] = await Promise.all([
      callAnswering(post, connectionId, 'echo', () => undefined, { message: 'one' }, { wire: true }),
      callAnswering(post, connectionId, 'tally', () => undefined, { to: 2 }, { wire: true }),
      callAnswering(post, connectionId, 'echo', () => undefined, { message: 'quiet' }),
    ]);
    expect(exchangesOf(one.lines).map((exchange) => exchange.request.body)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ name: 'echo', arguments: { message: 'one' } }) }),
    ]);
    expect(exchangesOf(two.lines).map((exchange) => exchange.request.body)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ name: 'tally' }) }),
    ]);
    expect(exchangesOf(quiet.lines)).toEqual([]);
    await post({ action: 'disconnect', connectionId });
  });
});
