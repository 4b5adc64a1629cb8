import { beforeEach, describe, expect, it } from 'vitest';
import { errorOf, messageOf, sandboxTools } from '../../testing/sandbox-tools';
import { createOfflineSandbox } from '../sandbox/create-offline-sandbox';
import { EXAMPLE_FILES } from '../shapes/example-files';
import type { Sandbox } from '../sandbox/sandbox';
import { INTERRUPTED_CALL } from '../session/mark-interrupted';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { createSchemaChecker } from '../tools/create-schema-checker';
import { runToolCall } from './run-tool-call';
import { manualError, readToolErrorText, toolErrorText } from '../shapes/tool-error';
import type { ToolResultOutput } from '../shapes/tool-outcome';

/** The executor at its edges: calls at the same time, the network, errors a person reports. */
const tools = sandboxTools(CORE_TOOL_DEFINITIONS);
const checker = createSchemaChecker();
let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await createOfflineSandbox(EXAMPLE_FILES);
});
const run = (toolName: string, input: unknown) =>
  runToolCall({ call: { toolName, input }, tools, getSandbox: async () => sandbox, checker });

describe('tool isolation (seed 002 §12)', () => {
  it('parallel writing calls take turns, so each reports only the files it changed', async () => {
    const [first, second, read] = await Promise.all([
      run('write_file', { path: 'one.txt', content: '1' }),
      run('bash', { command: 'echo 2 > two.txt' }),
      run('read_file', { path: 'README.md' }),
    ]);
    expect(first.kind === 'ok' && (first.output as ToolResultOutput).state_changes).toEqual([
      { type: 'FileCreated', path: 'one.txt' },
    ]);
    expect(second.kind === 'ok' && (second.output as ToolResultOutput).state_changes).toEqual([
      { type: 'FileCreated', path: 'two.txt' },
    ]);
    expect(read.kind === 'ok' && (read.output as ToolResultOutput).state_changes).toEqual([]);
  });
});

describe('errors a person reports', () => {
  it('a manual tool answered "as error" and a call cut short by a reload reach the model as the seed error response', () => {
    expect(readToolErrorText(toolErrorText(manualError('ask_user', 'nobody is home')))?.error).toMatchObject({
      type: 'ExecutionError',
      code: 'REPORTED_BY_USER',
      message: 'Error: nobody is home',
    });
    expect(readToolErrorText(INTERRUPTED_CALL)?.error).toMatchObject({ code: 'INTERRUPTED' });
  });
});

describe('HTTP tools (seed 002 §11 network, §12 egress)', () => {
  const http = {
    spec: {
      name: 'http_request',
      description: 'Fetch.',
      inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    },
    run: { kind: 'http' as const, allowedOrigins: ['https://api.example.com'] },
  };
  const seen: string[] = [];
  const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    seen.push(`${init?.method} ${String(input)} redirect=${init?.redirect}`);
    return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const call = (url: string) =>
    runToolCall({
      call: { toolName: 'http_request', input: { url } },
      tools: [http],
      getSandbox: async () => sandbox,
      checker,
      http: { fetch: fakeFetch, ownOrigin: 'http://localhost:3000' },
    });

  it('reaches the own origin and the allowlist, never follows redirects, refuses any other origin', async () => {
    expect(await call('/notes/today.json')).toMatchObject({
      kind: 'ok',
      output: { status: 200, output: '{"ok":true}' },
    });
    expect(await call('https://api.example.com/items')).toMatchObject({ kind: 'ok' });
    expect(seen).toEqual([
      'GET http://localhost:3000/notes/today.json redirect=error',
      'GET https://api.example.com/items redirect=error',
    ]);
    // The playground's own server routes are not a tool's to call: they reach providers and MCP servers.
    for (const route of ['/api/providers', '/api/mcp', 'http://localhost:3000/API/wire', '/%61pi/chat'])
      expect(messageOf(await call(route)), route).toContain('own server routes (/api/…) are not open to tools');
    const refused = await call('https://evil.example.net/steal');
    expect(refused.kind).toBe('blocked');
    expect(errorOf(refused)?.error).toMatchObject({ type: 'PermissionError', code: 'NOT_ALLOWLISTED' });
    expect(messageOf(await call('file:///etc/passwd'))).toContain('Only http and https are allowed.');
    // An allowlist that came with someone else's link reaches nothing until its viewer runs the session.
    const untrusted = await runToolCall({
      call: { toolName: 'http_request', input: { url: '/api/providers' } },
      tools: [http],
      getSandbox: async () => sandbox,
      checker,
      handlersTrusted: false,
      http: { fetch: fakeFetch, ownOrigin: 'http://localhost:3000' },
    });
    expect(errorOf(untrusted)?.error.code).toBe('HANDLER_NOT_TRUSTED');
    expect(seen).toHaveLength(2);
  });
});
