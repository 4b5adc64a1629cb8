import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export type McpEverything = { url: string; close(): Promise<void> };

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the MCP reference server (`@modelcontextprotocol/server-everything`, Streamable HTTP)
 * on a loopback port, for tests of the real MCP client against a real server.
 */
export async function startMcpEverything(): Promise<McpEverything> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'streamableHttp'],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the MCP reference server did not start in 20 s')), 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the MCP reference server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
