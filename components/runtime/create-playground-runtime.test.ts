import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMcpClient } from '@/lib/mcp/create-mcp-client';
import { createSessionStore } from '@/lib/session/session-store';
import { createPlaygroundRuntime } from './create-playground-runtime';

/** A page whose listeners can be counted: what `attach` adds must all go again. */
function fakePage() {
  const listening = new Set<string>();
  const target = (prefix: string) => ({
    addEventListener: (type: string) => listening.add(`${prefix}${type}`),
    removeEventListener: (type: string) => listening.delete(`${prefix}${type}`),
  });
  const page = {
    ...target(''),
    document: { ...target('document:'), visibilityState: 'visible' },
    location: { hash: '' },
  };
  return { page: page as unknown as Window, listening };
}

afterEach(() => vi.useRealTimers());

describe('the runtime ends with the playground', () => {
  it('unmounting removes every page listener and disposes the runtime (MCP poll, tab channel, the run)', async () => {
    const runtime = createPlaygroundRuntime();
    const disposeMcp = vi.spyOn(runtime.mcp, 'dispose');
    const stopRun = vi.spyOn(runtime.gate, 'releaseAll');
    const { page, listening } = fakePage();
    const detach = runtime.attach(page);
    expect([...listening].sort()).toEqual(['document:visibilitychange', 'hashchange', 'pagehide', 'storage']);
    detach();
    expect(listening.size).toBe(0);
    await vi.waitFor(() => expect(disposeMcp).toHaveBeenCalledTimes(1));
    expect(stopRun).toHaveBeenCalled();
  });

  it("React's StrictMode check (detach, attach again at once) does not end it", async () => {
    const runtime = createPlaygroundRuntime();
    const disposeMcp = vi.spyOn(runtime.mcp, 'dispose');
    const { page, listening } = fakePage();
    runtime.attach(page)();
    const detach = runtime.attach(page);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(disposeMcp).not.toHaveBeenCalled();
    expect(listening.size).toBe(4);
    detach();
    await vi.waitFor(() => expect(disposeMcp).toHaveBeenCalledTimes(1));
  });

  it("the MCP client's status poll stops at dispose, and its connections are closed", async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { action: string };
      asked.push(body.action);
      // Answers as the route's contract says (lib/mcp/mcp-route.ts): the client reads nothing else.
      const server = { name: 'srv', version: '1', capabilities: ['tools'], transport: 'streamable-http' };
      const answer =
        body.action === 'connect'
          ? { connectionId: `mcp-${'a'.repeat(32)}`, toolsVersion: 0, server, tools: [] }
          : body.action === 'disconnect'
            ? { ok: true }
            : { toolsVersion: 0 };
      return new Response(JSON.stringify(answer), { status: 200 });
    }) as typeof globalThis.fetch;
    const client = createMcpClient({ store: createSessionStore(), fetch, watchMs: 1_000 });
    expect(await client.connect('http://127.0.0.1:9/mcp', {})).toMatchObject({ ok: true });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(asked.filter((action) => action === 'status')).toHaveLength(3);
    client.dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked.filter((action) => action === 'status')).toHaveLength(3);
    expect(asked.at(-1)).toBe('disconnect');
  });
});
