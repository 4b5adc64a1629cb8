import { test } from 'vitest';
import { createMcpClient } from '@/lib/mcp/create-mcp-client';
import { connectMcpServer } from '@/lib/server/mcp/connect-mcp-server';
import { createSessionStore } from '@/lib/session/session-store';
import { startMcpEverything } from '@/testing/start-mcp-everything';
import { createMcpRouteFetch } from '@/testing/mcp-route-fetch';
import { withProductionServer } from './browser-bench';
import { measure, printFigures } from './measure';

/**
 * What an MCP call costs the playground: the reference server's `echo` called with the SDK
 * client directly, then as the page calls it (the tab's client → `POST /api/mcp` → the SDK
 * client): in-process, then through `next start`. Connecting (initialize + tools/list) too.
 */
test('MCP: a tools/call through the route vs the SDK client alone; connect', async () => {
  const everything = await startMcpEverything();
  try {
    const direct = await connectMcpServer(everything.url);
    const args = { message: 'bench' };
    const store = createSessionStore();
    const routeClient = createMcpClient({ store, fetch: createMcpRouteFetch() });
    const connected = await routeClient.connect(everything.url, {});
    if (!connected.ok) throw new Error(connected.message);
    const call = (client: typeof routeClient, server: string) =>
      client.callTool({ server, name: 'echo', args, timeoutMs: 10_000 });

    const figures = [
      await measure('SDK client alone: tools/call echo', () => direct.callTool('echo', args), 200),
      await measure('page client → route (in-process) → SDK', () => call(routeClient, connected.serverId), 200),
      await measure(
        'connect: SDK alone (initialize + tools/list)',
        async () => {
          const connection = await connectMcpServer(everything.url);
          await connection.listTools();
          await connection.close();
        },
        30,
      ),
    ];
    await withProductionServer(3306, 'MCP route', async (app) => {
      const viaNext = createMcpClient({
        store: createSessionStore(),
        fetch: (_url, init) => fetch(`${app}/api/mcp`, init),
      });
      const made = await viaNext.connect(everything.url, {});
      if (!made.ok) throw new Error(made.message);
      figures.push(await measure('page client → next start /api/mcp → SDK', () => call(viaNext, made.serverId), 200));
      figures.push(
        await measure(
          'connect through next start (+ tools/list, session update)',
          async () => {
            const again = await viaNext.connect(everything.url, {});
            if (!again.ok) throw new Error(again.message);
          },
          30,
        ),
      );
    });
    printFigures('MCP calls (reference server on loopback)', figures);
    await direct.close();
  } finally {
    await everything.close();
  }
}, 300_000);
