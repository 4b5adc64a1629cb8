import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type CallLine, callAnswering, withMcpTestServers } from './mcp-test-servers';
import { callsAsTask } from './mcp-task-call';

const { servers, post } = withMcpTestServers();

/** A loopback proxy in front of `target` that notes each JSON-RPC method the client sends. */
async function methodRecorder(target: string) {
  const methods: string[] = [];
  const body = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const proxy = createServer(async (request, response) => {
    const sent = await body(request);
    const failed = () => response.destroy();
    try {
      for (const message of [JSON.parse(sent.toString())].flat()) if (message?.method) methods.push(message.method);
    } catch {
      // Not JSON (a GET or DELETE): nothing to note.
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !['host', 'content-length'].includes(entry[0]),
      ),
    );
    try {
      const upstream = await fetch(target, {
        method: request.method,
        headers,
        body: request.method === 'POST' ? sent : undefined,
      });
      response.writeHead(upstream.status, Object.fromEntries(upstream.headers));
      const reader = upstream.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) response.write(read.value);
      response.end();
    } catch {
      failed(); // the client went away mid-answer (Stop): so does the proxy's answer
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`,
    methods,
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        proxy.close(resolve);
      }),
  };
}

const progressLines = (lines: CallLine[]) =>
  lines.filter((line) => line.type === 'progress').map((line) => line.message);

describe('MCP tasks (2025-11-25): a tool that runs as a task', () => {
  let recorder: Awaited<ReturnType<typeof methodRecorder>> | undefined;
  afterAll(() => recorder?.close());

  it('is called as a task, its status is its progress, its question is answered through tasks/result, and the result comes back', async () => {
    recorder = await methodRecorder(servers().everything.url);
    const { connectionId, tools } = await (await post({ action: 'connect', url: recorder.url })).json();
    const research = tools.find((tool: { name: string }) => tool.name === 'simulate-research-query');
    expect(research?.execution).toEqual({ taskSupport: 'required' });
    const { lines, answers } = await callAnswering(
      post,
      connectionId,
      'simulate-research-query',
      (input) => {
        expect(input.message).toMatch(/multiple interpretations/);
        return { action: 'accept', content: { interpretation: 'snake' } };
      },
      { topic: 'python', ambiguous: true },
    );
    expect(answers).toEqual([200]);
    const progress = progressLines(lines);
    expect(progress[0]).toBe('Task working: Gathering sources...');
    expect(progress).toContain(
      'Task input required: Found multiple interpretations for "python". Requesting clarification...',
    );
    expect(lines.at(-1)?.type).toBe('result');
    expect(JSON.stringify(lines.at(-1))).toContain('Research Report: python (snake)');
    expect(recorder.methods).toContain('tasks/get');
    expect(recorder.methods).toContain('tasks/result');
    await post({ action: 'disconnect', connectionId });
  }, 60_000);

  it('Stop during a task sends tasks/cancel', async () => {
    recorder ??= await methodRecorder(servers().everything.url);
    const { connectionId } = await (await post({ action: 'connect', url: recorder.url })).json();
    const stop = new AbortController();
    const response = await post(
      { action: 'call', connectionId, name: 'simulate-research-query', arguments: { topic: 'tides' } },
      stop.signal,
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('Task working');
    stop.abort();
    await expect.poll(() => recorder?.methods.includes('tasks/cancel'), { timeout: 20_000 }).toBe(true);
    await post({ action: 'disconnect', connectionId });
  }, 60_000);

  it('goes as a task only where the tool allows it, the server takes it and the revision has it in core', () => {
    const takes = { tasks: { requests: { tools: { call: {} } } } };
    expect(callsAsTask('required', takes, '2025-11-25')).toBe(true);
    expect(callsAsTask('optional', takes, '2025-11-25')).toBe(true);
    expect(callsAsTask('forbidden', takes, '2025-11-25')).toBe(false);
    expect(callsAsTask(undefined, takes, '2025-11-25')).toBe(false);
    expect(callsAsTask('required', {}, '2025-11-25')).toBe(false);
    expect(callsAsTask('required', takes, '2026-07-28')).toBe(false);
  });
});
