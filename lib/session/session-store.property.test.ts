import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvalRun } from '../shapes/eval-run';
import { readListedTools } from '../shapes/mcp-tool-drafts';
import { toServerRecord } from '../mcp/to-server-record';
import { SESSION_LIMITS } from '../shapes/session-limits';
import { pickSessionData } from './session-file';
import { parseSessionData } from './session-schema';
import { createSessionStore } from './session-store';
import type { SessionStore } from './session-state';

/** Text of any length around the bounds (short, near a bound, far past it). */
const text = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: max - 2, max: max + 50 }).map((length) => 'x'.repeat(Math.max(1, length))),
    },
  );

const evalRun = (caseId: string): EvalRun => ({
  caseId,
  variantId: 'variant-a',
  configId: 'config-a',
  repeat: 0,
  pass: false,
  failures: [{ kind: 'unexpected-call', message: `Unexpected call write_file(${'a'.repeat(3_000)})` }],
  error: 'e'.repeat(2_500),
  ms: 3,
  inputTokens: 1,
  outputTokens: 1,
  messages: Array.from({ length: 210 }, (_, index) => ({
    id: `m${index}`,
    role: 'user' as const,
    parts: [{ type: 'text' as const, text: 'hi' }],
  })),
});

type Action = (store: SessionStore) => void;
const interceptorIds = (store: SessionStore) => store.getState().interceptors.map((each) => each.id);

const actions: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ name: text(SESSION_LIMITS.interceptorNameChars), code: text(SESSION_LIMITS.interceptorCodeChars) }).map(
    ({ name, code }) =>
      (store: SessionStore) =>
        void store.getState().addInterceptor({ name, phase: 'before', code }),
  ),
  fc
    .record({ name: text(SESSION_LIMITS.interceptorNameChars), code: text(SESSION_LIMITS.interceptorCodeChars) })
    .map((patch) => (store: SessionStore) => {
      const id = interceptorIds(store).at(-1);
      if (id) store.getState().updateInterceptor(id, patch);
    }),
  fc
    .record({
      id: fc.constantFrom('call_1', 'constructor', '__proto__'),
      count: fc.integer({ min: 1, max: 50 }),
      detail: text(SESSION_LIMITS.interceptionDetailChars),
    })
    .map(({ id, count, detail }) => (store: SessionStore) => {
      store.getState().recordInterceptions(
        id,
        Array.from({ length: count }, () => ({
          interceptor: 'x'.repeat(70),
          phase: 'after' as const,
          action: 'noted' as const,
          detail,
        })),
      );
    }),
  fc
    .record({
      host: fc.integer({ min: 1, max: 40 }),
      name: text(200),
      version: text(100),
      toolNames: fc.array(text(SESSION_LIMITS.mcpToolNameChars), { maxLength: 3 }),
    })
    .map(({ host, name, version, toolNames }) => (store: SessionStore) => {
      const url = `http://127.0.0.1:${4000 + host}/mcp`;
      const tools = readListedTools(toolNames.map((tool) => ({ name: tool, inputSchema: { type: 'object' } })));
      store.getState().connectMcpServer(toServerRecord(url, { name, version, capabilities: ['tools'] }), tools);
    }),
  text(SESSION_LIMITS.evalNameChars).map(
    (name) => (store: SessionStore) => void store.getState().saveEvalVariant(name),
  ),
  text(SESSION_LIMITS.evalNameChars).map(
    (name) => (store: SessionStore) =>
      void store.getState().addEvalConfig({ name, settings: { provider: 'simulated', model: 'simulated-1' } }),
  ),
  fc
    .record({ repeats: fc.integer({ min: -5, max: 60 }), concurrency: fc.double() })
    .map((patch) => (store: SessionStore) => store.getState().setEvalOptions(patch)),
  fc
    .record({ caseId: text(SESSION_LIMITS.evalCaseIdChars), count: fc.integer({ min: 1, max: 3 }) })
    .map(({ caseId, count }) => (store: SessionStore) => {
      for (let index = 0; index < count; index++) store.getState().addEvalRun(evalRun(caseId));
    }),
  fc
    .record({
      model: text(SESSION_LIMITS.modelIdChars),
      system: text(SESSION_LIMITS.systemChars),
      baseURL: text(SESSION_LIMITS.baseUrlChars),
      maxSteps: fc.integer({ min: -10, max: 500 }),
      temperature: fc.double(),
      maxOutputTokens: fc.integer({ min: -10, max: 300_000 }),
      steps: fc.integer({ min: 0, max: 130 }),
    })
    .map(({ steps, ...patch }) => (store: SessionStore) => {
      const script = Array.from({ length: steps }, () => ({ text: 'step' }));
      store.getState().updateSettings({ ...patch, script });
    }),
  text(SESSION_LIMITS.branchLabelChars).map(
    (label) => (store: SessionStore) => store.getState().addBranches([{ label, messages: [] }]),
  ),
  fc.constant((store: SessionStore) => store.getState().startBranch([])),
);

/** What the store would save, as storage keeps it (JSON), read back by the session schema. */
function readsBack(store: SessionStore) {
  return parseSessionData(JSON.parse(JSON.stringify(pickSessionData(store.getState()))));
}

describe('the store keeps every saved session readable', () => {
  it('after any sequence of actions, what it would save reads back', () => {
    fc.assert(
      fc.property(fc.array(actions, { maxLength: 40 }), (sequence) => {
        const store = createSessionStore();
        for (const act of sequence) act(store);
        expect(readsBack(store)).toEqual({ ok: true, session: expect.anything() });
      }),
      { numRuns: 150 },
    );
  });

  it('refuses the 21st interceptor and the 17th MCP server with a sentence', () => {
    const store = createSessionStore();
    for (let index = 0; index < SESSION_LIMITS.interceptors; index++)
      expect(store.getState().addInterceptor({ name: 'check', phase: 'before', code: '' }).ok).toBe(true);
    expect(store.getState().addInterceptor({ name: 'one more', phase: 'before', code: '' })).toEqual({
      ok: false,
      message: 'A session holds at most 20 interceptors: delete one to add another.',
    });
    for (let index = 0; index < SESSION_LIMITS.mcpServers; index++)
      store.getState().connectMcpServer(toServerRecord(`http://127.0.0.1:${5000 + index}/mcp`, { name: 's' }), []);
    expect(
      store.getState().connectMcpServer(toServerRecord('http://127.0.0.1:6000/mcp', { name: 's' }), []),
    ).toMatchObject({ ok: false, message: expect.stringContaining('at most 16 MCP servers') });
    // A server the session already uses may always connect again.
    expect(store.getState().connectMcpServer(toServerRecord('http://127.0.0.1:5000/mcp', { name: 's' }), []).ok).toBe(
      true,
    );
    expect(readsBack(store).ok).toBe(true);
  });

  it('keeps no more eval runs than a session holds, and clips what a run says', () => {
    const store = createSessionStore();
    const run = evalRun('case');
    store.setState({
      evals: {
        ...store.getState().evals,
        runs: Array.from({ length: SESSION_LIMITS.evalRuns }, () => ({ ...run, messages: [] })),
      },
    });
    store.getState().addEvalRun(run);
    expect(store.getState().evals.runs).toHaveLength(SESSION_LIMITS.evalRuns);
    store.getState().clearEvalRuns();
    store.getState().addEvalRun(run);
    const kept = store.getState().evals.runs[0];
    expect(kept.failures[0].message).toHaveLength(SESSION_LIMITS.evalMessageChars);
    expect(kept.failures[0].message.endsWith('…')).toBe(true);
    expect(kept.messages).toHaveLength(SESSION_LIMITS.evalRunMessages);
    expect(readsBack(store).ok).toBe(true);
  });
});
