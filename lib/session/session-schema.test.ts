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
    // A session saved before calls' outcomes, durations, interceptors, MCP servers, evals, samples, probes and MCP questions were kept reads back with none.
    expect(parseSessionData(data)).toEqual({
      ok: true,
      session: {
        ...data,
        mcpInputs: {},
        improvements: [],
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
        compatProbes: [],
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

describe('what the What if?, eval-history and probe fields let a stranger put in a session', () => {
  const base = () => JSON.parse(JSON.stringify(pickSessionData(createInitialSession())));
  const grid = (number: number) => ({
    id: `g${number}`,
    number,
    at: '2026-11-26T10:00:00.000Z',
    mode: 'first-step',
    repeats: 1,
    stopped: false,
    cells: [{ caseId: 'a', variantId: 'v', configId: 'c', column: 'Current tools', passed: 1, runs: 1, reasons: [] }],
  });
  const record = {
    originalBranchId: 'b1',
    originalLabel: 'Branch 1',
    fromMessageId: 'u1',
    onDivergence: 'go-live',
    served: 1,
    live: 1,
    callsServed: 1,
    ended: true,
  };

  it('reads back what the playground writes', () => {
    const session = base();
    session.evals.history = [grid(1), grid(2)];
    session.replays = {
      b2: {
        ...record,
        perturbed: { toolCallId: 'c1', preset: 'Prompt injection', canary: { toolName: 'x', word: 'W' } },
      },
    };
    session.lesson = {
      stops: [{ id: 's', nodeId: 'c1:result', branch: 'b2', note: '', question: { kind: 'outcome' } }],
    };
    expect(parseSessionData(session).ok).toBe(true);
  });

  it.each([
    [
      'more than 20 grids',
      (s: ReturnType<typeof base>) => void (s.evals.history = Array.from({ length: 21 }, (_, i) => grid(i + 1))),
      /"evals\.history" /,
    ],
    [
      'a long reason',
      (s: ReturnType<typeof base>) =>
        void (s.evals.history = [{ ...grid(1), cells: [{ ...grid(1).cells[0], reasons: ['x'.repeat(100_000)] }] }]),
      /"evals\.history\.0\.cells\.0\.reasons\.0" /,
    ],
    [
      'a negative count',
      (s: ReturnType<typeof base>) =>
        void (s.evals.history = [{ ...grid(1), cells: [{ ...grid(1).cells[0], passed: -1 }] }]),
      /"evals\.history\.0\.cells\.0\.passed" /,
    ],
    [
      'a long canary word',
      (s: ReturnType<typeof base>) =>
        void (s.replays = {
          b2: {
            ...record,
            perturbed: { toolCallId: 'c1', preset: 'p', canary: { toolName: 'x', word: 'w'.repeat(1_000) } },
          },
        }),
      /"replays\.b2\.perturbed\.canary\.word" /,
    ],
    [
      'a branch id past its bound',
      (s: ReturnType<typeof base>) =>
        void (s.lesson = { stops: [{ id: 's', nodeId: 'n', branch: 'b'.repeat(101), note: '' }] }),
      /"lesson\.stops\.0\.branch" /,
    ],
    [
      'an unknown question',
      (s: ReturnType<typeof base>) =>
        void (s.lesson = { stops: [{ id: 's', nodeId: 'n', note: '', question: { kind: 'outcome', answer: 1 } }] }),
      /"lesson\.stops\.0\.question" /,
    ],
    [
      'a probe of a target that does not exist',
      (s: ReturnType<typeof base>) =>
        void (s.compatProbes = [{ tool: 'x', target: 'skynet', at: '2026-11-27', status: 200, message: '' }]),
      /"compatProbes\.0\.target" /,
    ],
    [
      'more probes than the bound',
      (s: ReturnType<typeof base>) =>
        void (s.compatProbes = Array.from({ length: 401 }, () => ({
          tool: 'x',
          target: 'gemini',
          at: 'a',
          status: 200,
          message: '',
        }))),
      /"compatProbes" /,
    ],
    [
      'a probe message past its bound',
      (s: ReturnType<typeof base>) =>
        void (s.compatProbes = [{ tool: 'x', target: 'gemini', at: 'a', status: 400, message: 'm'.repeat(3_000) }]),
      /"compatProbes\.0\.message" /,
    ],
  ])('refuses %s, naming the field', (_name, spoil, field) => {
    const session = base();
    spoil(session);
    const read = parseSessionData(session);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(field);
  });
});
