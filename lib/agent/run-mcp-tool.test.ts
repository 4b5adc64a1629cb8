import { toolErrorText } from '../shapes/tool-error';
import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from '../tools/create-schema-checker';
import type { RunnableTool } from '../shapes/tool-spec';
import type { McpAccess, McpCallAnswer } from '../shapes/mcp-access';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { runToolCall } from './run-tool-call';
import { runMcpTool } from './run-mcp-tool';

const tool: RunnableTool = {
  spec: {
    name: 'everything_echo',
    description: 'Echoes.',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
  },
  run: { kind: 'mcp', server: 'srv-a', tool: 'echo', timeoutMs: 1_000 },
};
const access = (answer: McpCallAnswer, seen: unknown[] = []): McpAccess => ({
  callTool: async (request) => {
    seen.push(request);
    return answer;
  },
});
const run = (mcp: McpAccess | undefined, handlersTrusted = true) =>
  runToolCall({
    call: { toolName: 'everything_echo', input: { message: 'hi' } },
    tools: [tool],
    getSandbox: () => Promise.reject(new Error('no sandbox')),
    checker: createSchemaChecker(),
    mcp,
    handlersTrusted,
  });
const errorOf = (outcome: ToolOutcome) => JSON.parse('error' in outcome ? toolErrorText(outcome.error) : '{}').error;

describe('an MCP tool in the executor', () => {
  it("calls the server under the tool's own name and keeps the result's MCP shape", async () => {
    const seen: unknown[] = [];
    const outcome = await run(
      access(
        { kind: 'result', result: { content: [{ type: 'text', text: 'hi' }], structuredContent: { n: 1 }, _meta: {} } },
        seen,
      ),
    );
    expect(seen).toEqual([
      expect.objectContaining({ server: 'srv-a', name: 'echo', args: { message: 'hi' }, timeoutMs: 1_000 }),
    ]);
    expect(outcome).toEqual({
      kind: 'ok',
      output: { content: [{ type: 'text', text: 'hi' }], structuredContent: { n: 1 } },
    });
  });

  it('isError, a silent server, no connection, a non-result and no MCP at all are errors the model reads', async () => {
    expect(
      errorOf(
        await run(access({ kind: 'result', result: { content: [{ type: 'text', text: 'quota' }], isError: true } })),
      ),
    ).toMatchObject({
      code: 'MCP_TOOL_ERROR',
      message: "Error: 'everything_echo' failed: quota",
    });
    const slow = await run(access({ kind: 'error', code: 'timeout', message: 'nothing for 1 s' }));
    expect(slow.kind).toBe('timed-out');
    expect(errorOf(slow)).toMatchObject({ type: 'TimeoutError', code: 'TIMEOUT' });
    expect(
      errorOf(await run(access({ kind: 'error', code: 'not_connected', message: 'not connected' }))),
    ).toMatchObject({
      code: 'MCP_NOT_CONNECTED',
    });
    expect(errorOf(await run(access({ kind: 'result', result: 'text' })))).toMatchObject({ code: 'MCP_BAD_RESULT' });
    expect(errorOf(await run(undefined))).toMatchObject({ code: 'MCP_UNAVAILABLE' });
  });

  it("never reaches a server that came with someone else's link before its viewer runs the session", async () => {
    const seen: unknown[] = [];
    const outcome = await run(access({ kind: 'result', result: { content: [] } }, seen), false);
    expect(outcome.kind).toBe('blocked');
    expect(errorOf(outcome)).toMatchObject({ code: 'HANDLER_NOT_TRUSTED' });
    expect(seen).toEqual([]);
  });
});

describe('what the model is told when an MCP call fails', () => {
  const mcpRun = { kind: 'mcp' as const, server: 'srv-a', tool: 'echo', timeoutMs: 1_000 };
  /** A clock that moves 250 ms between its readings. */
  const clock = () => {
    let at = 1_000;
    return () => (at += 250) - 250;
  };
  const told = async (answer: McpCallAnswer | undefined) => {
    const outcome = await runMcpTool(
      'everything_echo',
      mcpRun,
      { message: 'hi' },
      answer ? access(answer) : undefined,
      {
        now: clock(),
      },
    );
    return { kind: outcome.kind, ...JSON.parse('error' in outcome ? toolErrorText(outcome.error) : '{}') };
  };

  it('each failure: its type and code, whether trying again can help, what to do, how long it took', async () => {
    expect(await told(undefined)).toMatchObject({
      kind: 'failed',
      error: {
        type: 'ExecutionError',
        code: 'MCP_UNAVAILABLE',
        message: 'Error: MCP servers cannot be reached here.',
        details: { tool: 'everything_echo' },
      },
      recoverable: false,
      suggested_action: 'Answer without this tool.',
    });
    expect(await told({ kind: 'error', code: 'timeout', message: 'nothing for 1 s' })).toMatchObject({
      kind: 'timed-out',
      error: {
        type: 'TimeoutError',
        message: "Error: 'everything_echo' timed out: nothing for 1 s",
        details: { tool: 'everything_echo', timeout_ms: 1_000 },
      },
      recoverable: true,
      suggested_action: 'Try smaller input, or answer without this tool.',
      execution_time_ms: 250,
    });
    expect(await told({ kind: 'error', code: 'not_connected', message: 'srv-a is not connected' })).toMatchObject({
      error: { code: 'MCP_NOT_CONNECTED', message: 'Error: srv-a is not connected' },
      recoverable: false,
      suggested_action: 'Answer without this tool; the person has to connect its server.',
    });
    expect(await told({ kind: 'error', code: 'server_error', message: 'bad params' })).toMatchObject({
      error: { code: 'MCP_SERVER_ERROR', message: 'Error: bad params' },
      recoverable: true,
      suggested_action: 'Check the arguments and try again.',
    });
    expect(await told({ kind: 'result', result: 'text' })).toMatchObject({
      error: {
        code: 'MCP_BAD_RESULT',
        message: expect.stringMatching(
          /^Error: The MCP server answered 'everything_echo' with something that is not a tool result \(/,
        ),
      },
      recoverable: false,
      suggested_action: 'Answer without this tool.',
    });
    expect(await told({ kind: 'result', result: { content: [], isError: true } })).toMatchObject({
      error: {
        type: 'ExecutionError',
        code: 'MCP_TOOL_ERROR',
        message: "Error: 'everything_echo' failed: the server gave no reason",
        details: { tool: 'everything_echo' },
      },
      recoverable: true,
      suggested_action: 'Read the error, fix the arguments and try again.',
      execution_time_ms: 250,
    });
    // A result without structured content has none.
    const plain = await runMcpTool(
      'everything_echo',
      mcpRun,
      {},
      access({ kind: 'result', result: { content: [] } }),
      {},
    );
    expect(plain).toEqual({ kind: 'ok', output: { content: [] } });
  });
});
