import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNdjson } from '@/testing/read-ndjson';
import { serveWithPeerStamp } from '@/testing/serve-with-peer-stamp';
import { handleMcpRequest } from './handle-mcp-request';
import { createMcpConnections } from './mcp-connections';
import { announceStdio, isAllowedCommandLine, readStdioCommands, stdioStartToken } from './stdio-gate';

const connections = createMcpConnections();
const SERVER = ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];
/** Exact command lines: the reference server as it is started here, and `node` with any arguments but eval flags. */
const ENABLED = { PLAYGROUND_MCP_STDIO_COMMANDS: `${process.execPath} ${SERVER.join(' ')}\nnode **` };

// Requests reach the route through a loopback server that stamps the socket's address, as the playground's does.
let env: Record<string, string> = ENABLED;
let server: Awaited<ReturnType<typeof serveWithPeerStamp>>;
beforeAll(async () => {
  server = await serveWithPeerStamp((request) => handleMcpRequest(request, env, connections));
});
afterAll(() => server.close());
/** POSTs with node:http, which sends a `Host` header as given (fetch replaces it). */
const post = async (body: unknown, withEnv: Record<string, string> = ENABLED, headers: Record<string, string> = {}) => {
  env = withEnv;
  return new Promise<Response>((resolve, reject) => {
    const sent = http.request(`${server.url}/api/mcp`, { method: 'POST', headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve(
          new Response(Buffer.concat(chunks), {
            status: answer.statusCode,
            headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
          }),
        ),
      );
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
};
const start = (extra: Record<string, unknown> = {}) => ({
  action: 'connect-stdio',
  command: process.execPath,
  args: SERVER,
  token: stdioStartToken(),
  ...extra,
});
const refusal = async (response: Response) => ({ status: response.status, ...(await response.json()).error });

let opened: string | undefined;
afterAll(async () => {
  if (opened) await post({ action: 'disconnect', connectionId: opened });
});

describe('local stdio MCP servers: off unless the operator allows a command, loopback only, with the start token', () => {
  it('is off by default', async () => {
    expect(await refusal(await post(start(), {}))).toMatchObject({
      status: 403,
      code: 'stdio_off',
      message: expect.stringContaining('PLAYGROUND_MCP_STDIO_COMMANDS'),
    });
  });

  it('refuses a page that is not on loopback (Host or Origin), a wrong token and a command not allowed', async () => {
    expect(await refusal(await post(start(), ENABLED, { host: 'playground.example.com' }))).toMatchObject({
      code: 'stdio_not_loopback',
    });
    expect(await refusal(await post(start(), ENABLED, { origin: 'https://evil.example' }))).toMatchObject({
      code: 'stdio_not_loopback',
    });
    // A client behind a trusted proxy that is not this machine.
    expect(
      await refusal(
        await post(
          start(),
          { ...ENABLED, PLAYGROUND_TRUSTED_PROXIES: '127.0.0.1' },
          { 'x-forwarded-for': '203.0.113.9' },
        ),
      ),
    ).toMatchObject({ code: 'stdio_not_loopback' });
    // A request that did not come through the stamping server: its address is unknown, so not local.
    const unstamped = await handleMcpRequest(
      new Request('http://127.0.0.1:3000/api/mcp', {
        method: 'POST',
        body: JSON.stringify(start()),
        headers: { 'x-forwarded-for': '127.0.0.1', 'x-playground-peer': 'forged 127.0.0.1' },
      }),
      ENABLED,
      connections,
    );
    expect(await refusal(unstamped)).toMatchObject({ code: 'stdio_not_loopback' });
    expect(await refusal(await post(start({ token: 'guess' })))).toMatchObject({ code: 'stdio_bad_token' });
    expect(await refusal(await post(start({ command: 'bash', args: ['-c', 'id'] })))).toMatchObject({
      code: 'stdio_command_refused',
      message: expect.stringMatching(/^"bash -c id" is not an allowed command line/),
    });
  });

  it('allows exact command lines only: another argument, or an eval flag however hidden, is refused', async () => {
    // The allowed program with other arguments than the entry names.
    expect(await refusal(await post(start({ args: [...SERVER, '--extra'] })))).toMatchObject({
      code: 'stdio_command_refused',
    });
    // `node **` never lets code from the command line through: -e, --eval=…, -pe, --require, pushed below the fold.
    for (const args of [
      ['-e', 'require("child_process").execSync("id")'],
      ['--eval=process.exit(1)'],
      ['-pe', '1'],
      ['--require', './evil.js', 'server.js'],
      [...Array.from({ length: 40 }, () => '--no-warnings'), '-e', 'code'],
    ]) {
      expect(await refusal(await post(start({ command: 'node', args })))).toMatchObject({
        code: 'stdio_command_refused',
        message: expect.stringContaining('runs code given on the command line'),
      });
    }
  });

  it('starts an allowed command and talks MCP over its stdio; the child does not get the server keys', async () => {
    const response = await post(start(), { ...ENABLED, OPENAI_API_KEY: 'sk-server-secret-0123456789' });
    expect(response.status).toBe(200);
    const { connectionId, server, tools } = await response.json();
    opened = connectionId;
    expect(server).toMatchObject({ name: 'mcp-servers/everything', transport: 'stdio' });
    expect(tools.map((tool: { name: string }) => tool.name)).toContain('get-env');
    const [line] = await readNdjson(await post({ action: 'call', connectionId, name: 'get-env', arguments: {} }));
    const env = JSON.stringify(line);
    expect(env).toContain('PATH');
    expect(env).not.toContain('sk-server-secret');
    expect(env).not.toContain('OPENAI_API_KEY');
  });

  it('the operator is told once at start, with the token', () => {
    const lines: string[] = [];
    announceStdio({}, (line) => lines.push(line));
    expect(lines).toEqual([]);
    announceStdio(ENABLED, (line) => lines.push(line));
    expect(lines[0]).toContain(`Start token: ${stdioStartToken()}`);
  });
});

describe('isAllowedCommandLine', () => {
  it('matches word for word; * is one argument, a last ** the rest; neither is ever an eval flag', () => {
    const [exact, one, rest, named] = readStdioCommands({
      PLAYGROUND_MCP_STDIO_COMMANDS:
        'npx -y @modelcontextprotocol/server-everything stdio; uvx * ; node ** ;python -c print(1)',
    });
    expect(isAllowedCommandLine(exact, 'npx', ['-y', '@modelcontextprotocol/server-everything', 'stdio'])).toBe(true);
    expect(isAllowedCommandLine(exact, 'npx', ['-y', '@modelcontextprotocol/server-everything'])).toBe(false);
    expect(isAllowedCommandLine(exact, 'npx', ['-y', 'evil-package', 'stdio'])).toBe(false);
    expect(isAllowedCommandLine(one, 'uvx', ['mcp-server-time'])).toBe(true);
    expect(isAllowedCommandLine(one, 'uvx', ['a', 'b'])).toBe(false);
    expect(isAllowedCommandLine(one, 'uvx', ['-c'])).toBe(false);
    expect(isAllowedCommandLine(rest, 'node', ['server.js', '--port', '3'])).toBe(true);
    expect(isAllowedCommandLine(rest, 'node', ['server.js', '--import=./x.mjs'])).toBe(false);
    // Named exactly, an eval flag is allowed — that line only.
    expect(isAllowedCommandLine(named, 'python', ['-c', 'print(1)'])).toBe(true);
    expect(isAllowedCommandLine(named, 'python', ['-c', 'print(2)'])).toBe(false);
  });
});
