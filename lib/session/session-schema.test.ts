import { EMPTY_EVALS } from '../evals/eval-defaults';
import { describe, expect, it } from 'vitest';
import { parseSessionData } from './session-schema';
import { createInitialSession } from './session-store';

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
    // A session saved before calls' outcomes, interceptors, MCP servers and evals were kept reads back with none.
    expect(parseSessionData(data)).toEqual({
      ok: true,
      session: {
        ...data,
        outcomes: {},
        interceptors: [],
        executor: { throwOnToolFailure: false, stopOnToolBlock: false },
        interceptions: {},
        mcpServers: [],
        evals: EMPTY_EVALS,
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
