import { EMPTY_EVALS } from '../shapes/eval-defaults';
import { describe, expect, it } from 'vitest';
import { parseSessionData } from './session-schema';
import { createInitialSession } from './initial-session';
import { pickSessionData } from './session-file';
import { stdioServerUrl } from '../mcp/create-mcp-client';

describe('parseSessionData', () => {
  it('accepts a session as the store holds it, after a JSON round trip', () => {
    const {
      version,
      tools,
      settings,
      messages,
      files,
      startingFiles,
      sandboxChoice,
      approvals,
      activeBranch,
      branches,
    } = createInitialSession();
    const data = JSON.parse(
      JSON.stringify({
        version,
        tools,
        settings,
        messages,
        files,
        startingFiles,
        sandboxChoice,
        approvals,
        activeBranch,
        branches,
      }),
    );
    // A session saved before calls' outcomes, durations, interceptors, MCP servers, evals and samples were kept reads back with none.
    expect(parseSessionData(data)).toEqual({
      ok: true,
      session: {
        ...data,
        outcomes: {},
        durations: {},
        interceptors: [],
        executor: { throwOnToolFailure: false, stopOnToolBlock: false },
        interceptions: {},
        mcpServers: [],
        evals: EMPTY_EVALS,
        stepSamples: {},
        replays: {},
        sentValues: {},
      },
    });
  });

  it('names the first field that is wrong', () => {
    const { version, tools, settings, files, startingFiles, sandboxChoice, approvals, activeBranch, branches } =
      createInitialSession();
    const result = parseSessionData({
      version,
      tools,
      settings: { ...settings, provider: 'skynet' },
      messages: [],
      files,
      startingFiles,
      sandboxChoice,
      approvals,
      activeBranch,
      branches,
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^Not a valid session: "settings\.provider" /);
    const escaping = parseSessionData({
      version,
      tools,
      settings,
      messages: [],
      files: { '../etc/passwd': 'x' },
      startingFiles,
      sandboxChoice,
      approvals,
      activeBranch,
      branches,
    });
    expect(!escaping.ok && escaping.message).toMatch(/"files\.\.\.\/etc\/passwd" .*relative path inside the workspace/);
    expect(parseSessionData(null)).toMatchObject({ ok: false, message: expect.stringContaining('"(session)"') });
  });
});

describe('a local MCP server in a session', () => {
  it('never keeps its command line: one a link or an older file carries is dropped when the session is read', () => {
    const data = JSON.parse(JSON.stringify(pickSessionData(createInitialSession())));
    data.mcpServers = [
      {
        id: 'srv-local1',
        url: `stdio:${JSON.stringify(['node', ...Array.from({ length: 30 }, () => '--no-warnings'), '-e', 'require("child_process").execSync("id")'])}`,
        name: 'innocent',
        version: '1',
        capabilities: ['tools'],
        transport: 'stdio',
      },
    ];
    const parsed = parseSessionData(data);
    expect(parsed.ok).toBe(true);
    const url = parsed.ok ? parsed.session.mcpServers[0].url : '';
    expect(url).toMatch(/^stdio:local-[a-z0-9]+$/);
    expect(url).not.toContain('child_process');
    // What the playground itself writes passes as it is.
    expect(stdioServerUrl('node', ['server.js'])).toMatch(/^stdio:local-[a-z0-9]+$/);
    data.mcpServers[0].url = stdioServerUrl('node', ['server.js']);
    const again = parseSessionData(data);
    expect(again.ok && again.session.mcpServers[0].url).toBe(stdioServerUrl('node', ['server.js']));
  });
});
