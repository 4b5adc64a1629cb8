import { afterAll, describe, expect, it } from 'vitest';
import { readNdjson } from '@/testing/read-ndjson';
import { handleMcpRequest } from './handle-mcp-request';
import { createMcpConnections } from './mcp-connections';
import { announceStdio, stdioStartToken } from './stdio-gate';

const connections = createMcpConnections();
const ENABLED = { PLAYGROUND_MCP_STDIO_COMMANDS: `node, ${process.execPath}` };
const SERVER = ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'];

const post = (body: unknown, env: Record<string, string> = ENABLED, headers: Record<string, string> = {}) =>
  handleMcpRequest(
    new Request('http://127.0.0.1:3000/api/mcp', { method: 'POST', body: JSON.stringify(body), headers }),
    env,
    connections,
  );
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
    expect(await refusal(await post(start({ token: 'guess' })))).toMatchObject({ code: 'stdio_bad_token' });
    expect(await refusal(await post(start({ command: 'bash', args: ['-c', 'id'] })))).toMatchObject({
      code: 'stdio_command_refused',
      message: expect.stringMatching(/^"bash" is not an allowed command/),
    });
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
