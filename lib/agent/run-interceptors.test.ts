import { describe, expect, it } from 'vitest';
import type { Interceptor } from '../shapes/interceptor-spec';
import { toolErrorText } from '../shapes/tool-error';
import type { HandlerResult, RunJavaScript } from '../shapes/tool-outcome';
import { interceptAfter, interceptBefore, type ToolCallContext } from './run-interceptors';

/*
 * Each interceptor's answer decided here (its `code` names it), so every way an answer can go is
 * tried without a sandbox; the sandboxed path is in interceptors.test.ts.
 */

const context: ToolCallContext = {
  toolCallId: 'c1',
  toolName: 'read_file',
  step: 1,
  provider: 'simulated',
  model: 'simulated-1',
  messages: [],
};
const call = { id: 'c1', name: 'read_file', arguments: { path: 'a.txt' } };

function interceptor(name: string, phase: 'before' | 'after', enabled = true): Interceptor {
  return { id: name, name, phase, enabled, code: name };
}

/** Runs interceptors whose answers are `answers[code]`, recording what each was given. */
function runner(answers: Record<string, HandlerResult>) {
  const given: { code: string; args: unknown }[] = [];
  const runJavaScript: RunJavaScript = async ({ code, args }) => {
    given.push({ code, args: structuredClone(args) });
    return answers[code];
  };
  return { runJavaScript, given };
}

const returned = (value: unknown): HandlerResult => ({ kind: 'returned', value });

describe('before-interceptors', () => {
  it('pass on nothing, change arguments the next one sees, note, and block — with or without a reason', async () => {
    const { runJavaScript, given } = runner({
      quiet: returned(null),
      change: returned({ arguments: { path: 'b.txt' }, note: 'redirected' }),
      notArgs: returned({ arguments: ['not', 'an object'] }),
      block: returned({ block: true }),
      off: returned({ block: 'never asked' }),
    });
    const outcome = await interceptBefore({
      interceptors: [
        interceptor('quiet', 'before'),
        interceptor('change', 'before'),
        interceptor('off', 'before', false),
        interceptor('after-only', 'after'),
        interceptor('notArgs', 'before'),
        interceptor('block', 'before'),
      ],
      call,
      context,
      runJavaScript,
      trusted: true,
    });
    expect(given.map((each) => each.code)).toEqual(['quiet', 'change', 'notArgs', 'block']);
    expect((given[2].args as { call: { arguments: unknown } }).call.arguments).toEqual({ path: 'b.txt' });
    expect(outcome.kind).toBe('blocked');
    expect(outcome.records).toEqual([
      { interceptor: 'change', phase: 'before', action: 'changed arguments', detail: '{"path":"b.txt"}' },
      { interceptor: 'change', phase: 'before', action: 'noted', detail: 'redirected' },
      { interceptor: 'block', phase: 'before', action: 'blocked', detail: 'no reason given' },
    ]);
    expect(JSON.parse(outcome.kind === 'blocked' ? toolErrorText(outcome.error) : '{}')).toMatchObject({
      error: {
        type: 'PermissionError',
        code: 'BLOCKED_BY_INTERCEPTOR',
        message: "Error: The call to 'read_file' was blocked by the interceptor 'block': no reason given",
        details: { tool: 'read_file', interceptor: 'block', reason: 'no reason given' },
      },
      recoverable: true,
      suggested_action: 'Do not repeat the call unchanged; try another approach.',
    });

    const passed = await interceptBefore({
      interceptors: [interceptor('change', 'before')],
      call,
      context,
      runJavaScript,
      trusted: true,
    });
    expect(passed).toMatchObject({ kind: 'run', input: { path: 'b.txt' } });
  });

  it('a broken guard blocks: it threw, ran too long, answered a non-object, or may not run', async () => {
    const { runJavaScript } = runner({
      threw: { kind: 'threw', message: 'oops' },
      slow: { kind: 'timed-out', timeoutMs: 2_000 },
      number: returned(42),
    });
    const reasonOf = async (code: string, options: { trusted?: boolean; js?: RunJavaScript } = {}) => {
      const outcome = await interceptBefore({
        interceptors: [interceptor(code, 'before')],
        call,
        context,
        runJavaScript: 'js' in options ? options.js : runJavaScript,
        trusted: options.trusted ?? true,
      });
      expect(outcome.kind).toBe('blocked');
      expect(outcome.records[0]).toMatchObject({ action: 'errored' });
      const error = JSON.parse(outcome.kind === 'blocked' ? toolErrorText(outcome.error) : '{}').error;
      expect(error.code).toBe('INTERCEPTOR_FAILED');
      return error.details.reason as string;
    };
    expect(await reasonOf('threw')).toBe('the interceptor failed (oops)');
    expect(await reasonOf('slow')).toBe('the interceptor failed (it ran longer than 2000 ms)');
    expect(await reasonOf('number')).toBe('the interceptor failed (it returned 42, not null or an object)');
    expect(await reasonOf('threw', { trusted: false })).toBe(
      'the interceptor failed (it came with a shared session and has not been allowed to run)',
    );
    expect(await reasonOf('threw', { js: undefined })).toBe('the interceptor failed (JavaScript cannot run here)');
  });
});

describe('after-interceptors', () => {
  const failed = {
    kind: 'failed' as const,
    error: {
      type: 'ExecutionError' as const,
      code: 'X',
      message: 'Error: no',
      details: {},
      recoverable: true,
      suggestedAction: 'x',
    },
  };

  it('see the result or the error, replace it, fail it, note it; nothing runs for a call awaiting a person', async () => {
    const { runJavaScript, given } = runner({
      rewrite: returned({ output: 'redacted', note: 'emails redacted' }),
      rewriteQuietly: returned({ output: undefined }),
      fail: returned({ error: 'not today' }),
      note: returned({ note: 'seen' }),
      before: returned({ block: 'x' }),
    });
    const rewritten = await interceptAfter({
      interceptors: [interceptor('before', 'before'), interceptor('rewrite', 'after'), interceptor('note', 'after')],
      call,
      context,
      runJavaScript,
      trusted: true,
      outcome: { kind: 'ok', output: 'secret' },
    });
    expect(rewritten.outcome).toEqual({ kind: 'ok', output: 'redacted' });
    expect(given.map((each) => [each.code, (each.args as { result: unknown }).result])).toEqual([
      ['rewrite', { ok: true, output: 'secret' }],
      ['note', { ok: true, output: 'redacted' }],
    ]);
    expect(rewritten.records.map((each) => [each.action, each.detail])).toEqual([
      ['rewrote result', 'emails redacted'],
      ['noted', 'seen'],
    ]);

    const emptied = await interceptAfter({
      interceptors: [interceptor('rewriteQuietly', 'after')],
      call,
      context,
      runJavaScript,
      trusted: true,
      outcome: failed,
    });
    expect(emptied.outcome).toEqual({ kind: 'ok', output: null });
    expect(emptied.records[0].detail).toBe('result replaced');
    expect(
      (given.at(-1)?.args as { result: { ok: boolean; error: { error: { code: string } } } } | undefined)?.result,
    ).toMatchObject({
      ok: false,
      error: { error: { code: 'X' } },
    });

    const failedNow = await interceptAfter({
      interceptors: [interceptor('fail', 'after')],
      call,
      context,
      runJavaScript,
      trusted: true,
      outcome: { kind: 'ok', output: 'fine' },
    });
    expect(failedNow.outcome.kind).toBe('failed');
    expect(
      JSON.parse(failedNow.outcome.kind === 'failed' ? toolErrorText(failedNow.outcome.error) : '{}'),
    ).toMatchObject({
      error: {
        type: 'ExecutionError',
        code: 'FAILED_BY_INTERCEPTOR',
        message: 'Error: not today',
        details: { tool: 'read_file', interceptor: 'fail' },
      },
      recoverable: true,
      suggested_action: 'Read the error and try another approach.',
    });
    expect(failedNow.records).toEqual([
      { interceptor: 'fail', phase: 'after', action: 'failed the call', detail: 'not today' },
    ]);

    const waiting = await interceptAfter({
      interceptors: [interceptor('rewrite', 'after')],
      call,
      context,
      runJavaScript,
      trusted: true,
      outcome: { kind: 'awaiting-user' },
    });
    expect(waiting).toEqual({ outcome: { kind: 'awaiting-user' }, records: [] });
  });

  it('a broken one withholds the result, not recoverable', async () => {
    const { runJavaScript } = runner({ threw: { kind: 'threw', message: 'oops' } });
    const withheld = await interceptAfter({
      interceptors: [interceptor('threw', 'after')],
      call,
      context,
      runJavaScript,
      trusted: true,
      outcome: { kind: 'ok', output: 'secret' },
    });
    expect(JSON.stringify(withheld)).not.toContain('secret');
    expect(JSON.parse(withheld.outcome.kind === 'failed' ? toolErrorText(withheld.outcome.error) : '{}')).toMatchObject(
      {
        error: { type: 'ExecutionError', details: { tool: 'read_file', interceptor: 'threw', reason: 'oops' } },
        recoverable: false,
        suggested_action: 'Answer without this result.',
      },
    );
    expect(withheld.records).toEqual([{ interceptor: 'threw', phase: 'after', action: 'errored', detail: 'oops' }]);
  });
});
