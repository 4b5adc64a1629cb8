import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from '../tools/create-schema-checker';
import type { RunnableTool } from '../shapes/tool-spec';
import type { McpAccess, McpCallAnswer } from '../shapes/mcp-access';
import type { ToolOutcome } from '../shapes/tool-outcome';
import { runToolCall } from './run-tool-call';

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
const errorOf = (outcome: ToolOutcome) => JSON.parse('message' in outcome ? outcome.message : '{}').error;

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
