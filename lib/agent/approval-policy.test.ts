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
    expect(await waiting).toMatchObject({ kind: 'blocked', message: expect.stringContaining('not on production') });
    expect(store.getState().approvals).toEqual({ c2: 'rejected' });
  });
});
