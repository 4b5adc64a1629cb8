import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpEverything, startMcpEverything } from '@/testing/start-mcp-everything';
import { connectMcpServer } from './connect-mcp-server';

let server: McpEverything;
beforeAll(async () => {
  server = await startMcpEverything();
}, 30_000);
afterAll(() => server.close());

describe('connecting to a real MCP server (the reference "everything" server)', () => {
  it('says who it is, lists its tools and calls them: text and an image come back in MCP shape', async () => {
    const connection = await connectMcpServer(server.url);
    try {
      expect(connection.info).toMatchObject({ name: 'mcp-servers/everything', transport: 'streamable-http' });
      expect(connection.info.capabilities).toContain('tools');
      const tools = await connection.listTools();
      const echo = tools.find((tool) => tool.name === 'echo');
      expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
      expect(echo?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(await connection.callTool('echo', { message: 'hi' })).toMatchObject({
        content: [{ type: 'text', text: 'Echo: hi' }],
      });
      const image = await connection.callTool('get-tiny-image', {});
      expect(image.content).toContainEqual(expect.objectContaining({ type: 'image', mimeType: 'image/png' }));
    } finally {
      await connection.close();
    }
  });

  it('a server that is not there fails with the reason', async () => {
    await expect(connectMcpServer('http://127.0.0.1:9/mcp')).rejects.toThrow();
  });
});

describe('a failed connect leaves nothing behind', () => {
  it('when Streamable HTTP and the SSE fallback both fail, nothing goes on asking the server', async () => {
    const { createServer } = await import('node:http');
    const hits: string[] = [];
    // Streamable HTTP refused; the SSE stream opens and at once ends (so an EventSource would reconnect).
    const refusing = createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`);
      request.resume();
      // `retry: 1`: an EventSource left open would come back within a millisecond, again and again.
      if (request.method === 'GET')
        response.writeHead(200, { 'content-type': 'text/event-stream' }).end('retry: 1\n\n');
      else response.writeHead(405, { 'content-type': 'text/plain' }).end('no');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = refusing.address() as import('node:net').AddressInfo;
      await expect(connectMcpServer(`http://127.0.0.1:${port}/mcp`)).rejects.toThrow();
      const afterFailure = hits.length;
      expect(afterFailure).toBeGreaterThan(0);
      // Told to retry after 1 ms, an EventSource left open would be back hundreds of times; a closed one never is.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hits).toHaveLength(afterFailure);
    } finally {
      refusing.close();
    }
  }, 60_000);
});
