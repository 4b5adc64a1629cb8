import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionChat } from '../agent/create-session-chat';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../shapes/example-files';
import { createSessionStore } from '../session/session-store';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { createRouteFetch, settle } from '@/testing/run-conversation';
import { createMcpRouteFetch } from '@/testing/mcp-route-fetch';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';
import { startTestMcpServer, type TestMcpServer } from '@/testing/start-test-mcp-server';
import { createMcpClient } from './create-mcp-client';
import { decompressFromEncodedURIComponent } from 'lz-string';
import { parseSessionFile, serializeSessionFile } from '../session/session-file';
import { makeShareLink, SHARE_PREFIX } from '../share/share-link';
import type { ScriptStep } from '../shapes/run-settings';

let everything: McpEverything;
let test: TestMcpServer;
beforeAll(async () => {
  [everything, test] = await Promise.all([startMcpEverything(), startTestMcpServer()]);
}, 30_000);
afterAll(async () => {
  await Promise.all([everything.close(), test.close()]);
});

const mcpRouteFetch = createMcpRouteFetch;

async function setUp(script: ScriptStep[]) {
  const store = createSessionStore();
  store.getState().updateSettings({ provider: 'simulated', model: 'simulated-scripted', script });
  const mcp = createMcpClient({ store, fetch: mcpRouteFetch() });
  const sandbox = createOfflineSandbox(EXAMPLE_FILES);
  const chat = createSessionChat({
    store,
    checker: createSchemaChecker(),
    getSandbox: () => sandbox,
    fetch: createRouteFetch(),
    mcp,
  });
  return { store, mcp, chat };
}

const toolParts = (messages: { parts: { type: string }[] }[]) =>
  messages
    .flatMap((message) => message.parts)
    .filter((part) => part.type.startsWith('tool-') || part.type === 'dynamic-tool') as {
    type: string;
    state: string;
    output?: unknown;
    errorText?: string;
    toolCallId: string;
  }[];

describe('MCP tools in the loop: the scripted model calls a connected server through the route', () => {
  it('connects, lists the tools as MCP tools, runs a call and keeps the MCP result shape', async () => {
    const { store, mcp, chat } = await setUp([
      { toolCalls: [{ toolName: 'echo', input: { message: 'hello mcp' } }] },
      { toolCalls: [{ toolName: 'get-tiny-image', input: {} }] },
      { text: 'Done.' },
    ]);
    const connected = await mcp.connect(everything.url, {});
    expect(connected).toMatchObject({ ok: true });
    const { mcpServers, tools } = store.getState();
    expect(mcpServers).toEqual([
      expect.objectContaining({ url: everything.url, name: 'mcp-servers/everything', transport: 'streamable-http' }),
    ]);
    const echo = tools.find((tool) => tool.run.kind === 'mcp' && tool.run.tool === 'echo');
    expect(echo?.run).toMatchObject({ kind: 'mcp', server: mcpServers[0].id, annotations: { readOnlyHint: true } });
    expect(mcp.links.getState()[mcpServers[0].id]).toEqual({ kind: 'connected', leftOut: [] });

    await chat.sendMessage({ text: 'echo something' });
    await settle(store);
    const [echoed, image] = toolParts(store.getState().messages);
    expect(echoed).toMatchObject({
      state: 'output-available',
      output: { content: [{ type: 'text', text: 'Echo: hello mcp' }] },
    });
    expect(image.output).toMatchObject({
      content: expect.arrayContaining([expect.objectContaining({ type: 'image', mimeType: 'image/png' })]),
    });
    expect(store.getState().outcomes[echoed.toolCallId]).toBe('ok');
    expect(store.getState().messages.at(-1)?.parts).toContainEqual(
      expect.objectContaining({ type: 'text', text: 'Done.' }),
    );
  });

  it('the session remembers the server (URL and what it said) and its tools, never the headers', async () => {
    const { store, mcp } = await setUp([]);
    await mcp.connect(test.url, { Authorization: 'Bearer mcp-secret-0123456789abcdef' });
    const file = serializeSessionFile(store.getState());
    expect(file).toContain(test.url);
    expect(file).toContain('"tool": "slow"');
    expect(file).not.toContain('mcp-secret');
    const link = makeShareLink(store.getState(), 'http://localhost/');
    expect(link.ok && decompressFromEncodedURIComponent(link.url.split(SHARE_PREFIX)[1])).not.toContain('mcp-secret');
    const reopened = await parseSessionFile(file);
    expect(reopened.ok && reopened.session.mcpServers).toEqual(store.getState().mcpServers);
  });

  it('a tool error, a server error and a server not connected in this tab are errors the model reads', async () => {
    const { store, mcp, chat } = await setUp([
      {
        toolCalls: [
          { toolName: 'flaky', input: {} },
          { toolName: 'throws', input: {} },
        ],
      },
      { text: 'ok' },
    ]);
    await mcp.connect(test.url, {});
    await chat.sendMessage({ text: 'go' });
    await settle(store);
    const [flaky, thrown] = toolParts(store.getState().messages);
    expect(flaky.state).toBe('output-error');
    expect(JSON.parse(flaky.errorText ?? '').error).toMatchObject({
      code: 'MCP_TOOL_ERROR',
      message: "Error: 'flaky' failed: the upstream service is down",
    });
    expect(JSON.parse(thrown.errorText ?? '').error).toMatchObject({ code: 'MCP_SERVER_ERROR' });

    // The same session in another tab (a file, a link): its tools are there, its server is not connected.
    const elsewhere = createMcpClient({ store, fetch: mcpRouteFetch() });
    const answer = await elsewhere.callTool({
      server: store.getState().mcpServers[0].id,
      name: 'flaky',
      args: {},
      timeoutMs: 1_000,
    });
    expect(answer).toEqual({
      kind: 'error',
      code: 'not_connected',
      message: `The MCP server test-mcp (${test.url}) is not connected in this tab: connect it in the Tools pane first.`,
    });
  });

  it('progress reaches the store while a call runs; Stop cancels it on the server', async () => {
    const { store, mcp, chat } = await setUp([
      { toolCalls: [{ toolName: 'slow', input: { steps: 200 } }] },
      { text: 'stopped' },
    ]);
    await mcp.connect(test.url, {});
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe((state) => {
      const progress = Object.values(state.toolCallProgress)[0];
      if (progress && seen.at(-1) !== progress) seen.push(progress);
    });
    void chat.sendMessage({ text: 'go' });
    await expect.poll(() => seen.length, { timeout: 30_000 }).toBeGreaterThan(2);
    expect(seen[0]).toEqual({ progress: 1, total: 200, message: 'step 1' });
    chat.stopTools();
    await expect.poll(() => test.cancelled.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await settle(store);
    unsubscribe();
    const [slow] = toolParts(store.getState().messages);
    expect(store.getState().outcomes[slow.toolCallId]).toBe('stopped');
    expect(store.getState().toolCallProgress).toEqual({});
  });

  it("a server's tools/list_changed reaches the session's tools on its own (the client watches)", async () => {
    const store = createSessionStore();
    const mcp = createMcpClient({ store, fetch: mcpRouteFetch(), watchMs: 50 });
    try {
      await mcp.connect(test.url, {});
      const serverId = store.getState().mcpServers[0].id;
      const hasExtra = () =>
        store.getState().tools.some((tool) => tool.run.kind === 'mcp' && tool.run.tool === 'extra_tool');
      expect(hasExtra()).toBe(false);
      // Another client makes the server change its tools; this one is not calling anything.
      const other = createMcpClient({ store: createSessionStore(), fetch: mcpRouteFetch() });
      const made = await other.connect(test.url, {});
      if (!made.ok) throw new Error(made.message);
      await other.callTool({ server: made.serverId, name: 'add_tool', args: {}, timeoutMs: 5_000 });
      await expect.poll(hasExtra, { timeout: 30_000 }).toBe(true);
      expect(mcp.links.getState()[serverId]).toEqual({ kind: 'connected', leftOut: [] });
    } finally {
      mcp.dispose();
    }
  });
});
