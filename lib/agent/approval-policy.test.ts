import { toolErrorText } from '../shapes/tool-error';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../session/session-store';
import { isDestructiveMcpTool, needsApproval } from './approval-policy';
import { interceptToolCall } from './intercept-tool-call';
import { createRunGate } from './run-gate';

describe('"Ask before destructive tools"', () => {
  it('reads MCP annotations with MCP defaults: destructive unless read-only or destructiveHint false', () => {
    expect(isDestructiveMcpTool(undefined)).toBe(true);
    expect(isDestructiveMcpTool({})).toBe(true);
    expect(isDestructiveMcpTool({ readOnlyHint: true })).toBe(false);
    expect(isDestructiveMcpTool({ readOnlyHint: true, destructiveHint: true })).toBe(false);
    expect(isDestructiveMcpTool({ destructiveHint: false })).toBe(false);
    expect(isDestructiveMcpTool({ idempotentHint: true })).toBe(true);
  });

  it('asks for destructive MCP tools and the core tools that write; not for the rest', () => {
    const policy = 'ask-destructive';
    expect(needsApproval(policy, { toolName: 'delete_file', mcp: { annotations: { destructiveHint: true } } })).toBe(
      true,
    );
    expect(needsApproval(policy, { toolName: 'echo', mcp: { annotations: { readOnlyHint: true } } })).toBe(false);
    expect(needsApproval(policy, { toolName: 'anything', mcp: {} })).toBe(true);
    expect(needsApproval(policy, { toolName: 'write_file' })).toBe(true);
    expect(needsApproval(policy, { toolName: 'read_file' })).toBe(false);
    // By name only for the playground's own tools: an MCP tool named like a core tool is judged by its annotations.
    expect(needsApproval(policy, { toolName: 'write_file', mcp: { annotations: { readOnlyHint: true } } })).toBe(false);
    expect(
      needsApproval('ask-bash-and-writes', { toolName: 'lookup', mcp: { annotations: { readOnlyHint: true } } }),
    ).toBe(false);
    expect(needsApproval('ask-bash-and-writes', { toolName: 'lookup', mcp: {} })).toBe(true);
    expect(needsApproval('run-everything', { toolName: 'write_file' })).toBe(false);
  });

  it('a destructive MCP call waits for the person; a read-only one runs at once', async () => {
    const store = createSessionStore();
    store.getState().setApproval('ask-destructive');
    const gate = createRunGate((pause) => store.getState().setPause(pause));
    const readOnly = await interceptToolCall({
      call: { toolCallId: 'c1', toolName: 'echo', input: {} },
      store,
      gate,
      mcp: { annotations: { readOnlyHint: true } },
    });
    expect(readOnly).toEqual({ kind: 'run', input: {}, edited: false });
    const waiting = interceptToolCall({
      call: { toolCallId: 'c2', toolName: 'drop_table', input: { table: 'users' } },
      store,
      gate,
      mcp: { annotations: { destructiveHint: true } },
    });
    await expect.poll(() => store.getState().pause).toMatchObject({ kind: 'approval', toolName: 'drop_table' });
    gate.answer({ kind: 'reject', reason: 'not on production' });
    expect(await waiting).toMatchObject({
      kind: 'blocked',
      error: { message: expect.stringContaining('not on production') },
    });
    expect(store.getState().approvals).toEqual({ c2: 'rejected' });
  });
});

describe('before a call runs (step mode, approval)', () => {
  const setUp = (configure: (store: ReturnType<typeof createSessionStore>) => void) => {
    const store = createSessionStore();
    configure(store);
    const gate = createRunGate((pause) => store.getState().setPause(pause));
    const call = { toolCallId: 'c1', toolName: 'write_file', input: { path: 'a.txt', content: 'x' } };
    return { store, gate, waiting: interceptToolCall({ call, store, gate }) };
  };
  const errorOf = (outcome: Awaited<ReturnType<typeof interceptToolCall>>) =>
    JSON.parse(outcome.kind === 'blocked' ? toolErrorText(outcome.error) : '{}');

  it('step mode: Stop there ends the call for good, with the reason; Continue lets it run as it was', async () => {
    const stopped = setUp((store) => store.getState().setStepMode(true));
    await expect
      .poll(() => stopped.store.getState().pause)
      .toMatchObject({ kind: 'step', label: 'Before running write_file' });
    stopped.gate.answer({ kind: 'reject', reason: 'enough for today' });
    const answer = await stopped.waiting;
    expect(answer.kind).toBe('blocked');
    expect(errorOf(answer)).toMatchObject({
      error: {
        type: 'PermissionError',
        code: 'STOPPED_BY_USER',
        message: "Error: The call to 'write_file' did not run: enough for today",
        details: { tool: 'write_file', reason: 'enough for today' },
      },
      recoverable: false,
      suggested_action: 'Do not call it again in this run.',
    });
    expect(stopped.store.getState().approvals).toEqual({});

    const continued = setUp((store) => store.getState().setStepMode(true));
    await expect.poll(() => continued.store.getState().pause).toMatchObject({ kind: 'step' });
    continued.gate.answer({ kind: 'continue' });
    expect(await continued.waiting).toEqual({ kind: 'run', input: { path: 'a.txt', content: 'x' }, edited: false });
  });

  it('approval: rejected with or without a reason (recoverable), approved as is, or approved edited — each recorded', async () => {
    const ask = (store: ReturnType<typeof createSessionStore>) => store.getState().setApproval('ask-every-call');
    const rejected = setUp(ask);
    await expect.poll(() => rejected.store.getState().pause).toMatchObject({ kind: 'approval', toolCallId: 'c1' });
    rejected.gate.answer({ kind: 'reject', reason: '' });
    expect(errorOf(await rejected.waiting)).toMatchObject({
      error: {
        type: 'PermissionError',
        code: 'REJECTED_BY_USER',
        message:
          "Error: The user rejected this call to 'write_file'.\nDo not repeat it unchanged; adjust the arguments or try another approach.",
        details: { tool: 'write_file', reason: '' },
      },
      recoverable: true,
      suggested_action: 'Adjust the arguments or try another approach.',
    });
    expect(rejected.store.getState().approvals).toEqual({ c1: 'rejected' });
    const reasoned = setUp(ask);
    await expect.poll(() => reasoned.store.getState().pause).toMatchObject({ kind: 'approval' });
    reasoned.gate.answer({ kind: 'reject', reason: 'wrong file' });
    expect(errorOf(await reasoned.waiting).error).toMatchObject({
      message: expect.stringMatching(/^Error: The user rejected this call to 'write_file': wrong file\n/),
      details: { tool: 'write_file', reason: 'wrong file' },
    });

    const approved = setUp(ask);
    await expect.poll(() => approved.store.getState().pause).toMatchObject({ kind: 'approval' });
    approved.gate.answer({ kind: 'approve', input: { path: 'a.txt', content: 'x' } });
    expect(await approved.waiting).toEqual({ kind: 'run', input: { path: 'a.txt', content: 'x' }, edited: false });
    expect(approved.store.getState().approvals).toEqual({ c1: 'approved' });

    const edited = setUp(ask);
    await expect.poll(() => edited.store.getState().pause).toMatchObject({ kind: 'approval' });
    edited.gate.answer({ kind: 'approve', input: { path: 'b.txt', content: 'x' } });
    expect(await edited.waiting).toEqual({ kind: 'run', input: { path: 'b.txt', content: 'x' }, edited: true });
    expect(edited.store.getState().approvals).toEqual({ c1: 'edited' });

    // Answered with Continue (not an approval with arguments): it runs as the model wrote it.
    const plain = setUp(ask);
    await expect.poll(() => plain.store.getState().pause).toMatchObject({ kind: 'approval' });
    plain.gate.answer({ kind: 'continue' });
    expect(await plain.waiting).toEqual({ kind: 'run', input: { path: 'a.txt', content: 'x' }, edited: false });
    expect(plain.store.getState().approvals).toEqual({ c1: 'approved' });
  });
});
