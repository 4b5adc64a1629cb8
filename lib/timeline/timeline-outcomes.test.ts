import { describe, expect, it } from 'vitest';
import { runConversation } from '../../testing/run-conversation';
import { CORE_TOOL_DEFINITIONS } from '../shapes/core-tool-definitions';
import { buildTimeline } from './build-timeline';
import { outcomeOf } from './read-call-result';
import { toolErrorText } from '../shapes/tool-error';

/** The graph reads how calls ended from the session, never from error wording. */
describe('tool outcomes in the timeline', () => {
  it('draws how each call really ended, as the executor recorded it — never from the wording of the error', async () => {
    // A real run: one step calls bash (the sandbox fails to start) and a shared session's JavaScript handler (not allowed to run).
    const { store } = await runConversation('go', {
      sandbox: Promise.reject(new Error('no sandbox here')),
      configure: (target) => {
        const session = { ...target.getState(), tools: [] };
        target.getState().loadSession(session, { trusted: false });
        target.getState().addTools([
          { definition: CORE_TOOL_DEFINITIONS[0], run: { kind: 'sandbox' } },
          {
            definition: { name: 'lookup', description: 'Looks up.', parameters: { type: 'object', properties: {} } },
            run: { kind: 'javascript', code: 'return 1;', timeoutMs: 1000 },
          },
        ]);
        target.getState().updateSettings({
          model: 'simulated-scripted',
          script: [
            {
              toolCalls: [
                { toolName: 'bash', input: { command: 'ls' } },
                { toolName: 'lookup', input: {} },
              ],
            },
            { text: 'Done.' },
          ],
        });
      },
    });
    const { messages, outcomes } = store.getState();
    const result = (name: string) =>
      buildTimeline({ messages, outcomes }).nodes.find((node) => node.label.startsWith(`Tool result ${name}`));
    // The sandbox failure says "did not run", which the old prose-reading drew as blocked.
    expect(result('bash')).toMatchObject({ label: 'Tool result bash: error', status: 'failed' });
    expect(result('bash')?.detail).toMatchObject({ finished: true, outcome: 'failed' });
    expect(result('lookup')).toMatchObject({ label: 'Tool result lookup: blocked', status: 'blocked' });
    expect(result('lookup')?.detail).toMatchObject({ finished: true, outcome: 'blocked' });
  });
});

describe('outcomes without a record (a Compare lane, a session from elsewhere)', () => {
  it("are read from the error response's code, not its wording", () => {
    const failed = (toolCallId: string, code: string) => ({
      type: 'dynamic-tool' as const,
      toolName: 'bash',
      toolCallId,
      state: 'output-error' as const,
      input: {},
      errorText: JSON.stringify({
        success: false,
        output: '',
        error: { type: 'ExecutionError', message: 'Error: x', code, details: {} },
      }),
    });
    const { nodes } = buildTimeline({
      messages: [
        {
          id: 'a',
          role: 'assistant',
          parts: [
            { type: 'step-start' },
            failed('c1', 'STOPPED'),
            failed('c2', 'BATCH_STOPPED'),
            failed('c3', 'TIMEOUT'),
            failed('c4', 'NON_ZERO_EXIT'),
            { ...failed('c5', 'constructor'), errorText: 'plain text error' },
          ],
        },
      ],
    });
    expect(nodes.filter((node) => node.kind === 'tool-result').map((node) => node.label)).toEqual([
      'Tool result bash: stopped',
      'Tool result bash: blocked',
      'Tool result bash: error',
      'Tool result bash: error',
      'Tool result bash: error',
    ]);
  });
});

describe('a record another branch left under the same tool_call_id', () => {
  it('is not believed where the part contradicts it (a perturbed replay recorded a timeout for the original call)', () => {
    const ok = {
      type: 'dynamic-tool',
      toolName: 'list_files',
      toolCallId: 'c1',
      state: 'output-available',
      input: {},
      output: 'a',
    };
    const failed = {
      ...ok,
      state: 'output-error',
      output: undefined,
      errorText: toolErrorText({
        type: 'TimeoutError',
        code: 'TIMEOUT',
        details: {},
        message: 'Error: timed out.',
        recoverable: true,
        suggestedAction: 'Try again.',
      }),
    };
    expect(outcomeOf(ok as never, 'timed-out')).toBe('ok');
    expect(outcomeOf(failed as never, 'ok')).toBe('timed-out');
    expect(outcomeOf(failed as never, 'failed')).toBe('failed');
    expect(outcomeOf(ok as never, 'ok')).toBe('ok');
  });
});
