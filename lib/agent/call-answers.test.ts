import { toolErrorText } from '../shapes/tool-error';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../limits/input-limits';
import type { RunPause } from '../shapes/run-pause';
import { skippedError, withinResultLimit } from './call-answers';
import { createRunGate } from './run-gate';

describe('answers the executor gives in place of a call', () => {
  it('a result up to the limit passes as it is; one character more is an error the model can act on', () => {
    const limit = INPUT_LIMITS.maxToolResultChars;
    const fits = { kind: 'ok' as const, output: 'x'.repeat(limit) };
    expect(withinResultLimit('fetch_page', fits)).toBe(fits);
    const over = withinResultLimit('fetch_page', { kind: 'ok', output: 'x'.repeat(limit + 1) });
    expect(over.kind).toBe('failed');
    expect(JSON.parse(over.kind === 'failed' ? toolErrorText(over.error) : '{}')).toMatchObject({
      error: {
        type: 'ResourceError',
        code: 'RESULT_TOO_LARGE',
        message: expect.stringMatching(/^Error: The result of 'fetch_page' is .*: it was not sent\.\nAsk for less/),
        details: { tool: 'fetch_page', result_chars: limit + 1, limit_chars: limit },
      },
      recoverable: true,
      suggested_action: 'Call it again asking for less.',
    });
  });

  it('a call its batch stopped says why, and that it may come again later', () => {
    expect(JSON.parse(toolErrorText(skippedError('bash', 'submit ended the run')))).toMatchObject({
      error: {
        type: 'PermissionError',
        code: 'BATCH_STOPPED',
        message: "Error: 'bash' did not run: submit ended the run.",
        details: { tool: 'bash', reason: 'submit ended the run' },
      },
      recoverable: true,
      suggested_action: 'Call it again in a later step if it is still needed.',
    });
  });
});

describe('the run gate', () => {
  it('answers pauses oldest first, shows the next each time, and releases every one on Stop', async () => {
    const shown: (RunPause | undefined)[] = [];
    const gate = createRunGate((pause) => shown.push(pause));
    const first = gate.wait({ kind: 'step', label: 'one' });
    const second = gate.wait({ kind: 'step', label: 'two' });
    const third = gate.wait({ kind: 'step', label: 'three' });
    gate.answer({ kind: 'continue' });
    expect(await first).toEqual({ kind: 'continue' });
    gate.releaseAll('The run was stopped.');
    expect(await second).toEqual({ kind: 'reject', reason: 'The run was stopped.' });
    expect(await third).toEqual({ kind: 'reject', reason: 'The run was stopped.' });
    expect(shown.map((pause) => (pause?.kind === 'step' ? pause.label : pause))).toEqual([
      'one',
      'one',
      'one',
      'two',
      undefined,
    ]);
    // Nothing waits: an answer changes nothing.
    gate.answer({ kind: 'continue' });
    expect(shown.at(-1)).toBeUndefined();
  });
});
